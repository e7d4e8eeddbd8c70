import { SideCounter } from '../_side-counter.tsx'

export default function SideA() {
  return <SideCounter label="Side: a" />
}
