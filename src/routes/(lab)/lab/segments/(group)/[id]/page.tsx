import { SegmentsProbe } from '../../_probe.tsx'

export default function Page() {
  return <SegmentsProbe where="page" />
}
