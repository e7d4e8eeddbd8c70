import { StatusScreen } from './status-screen.tsx'

export default function Forbidden() {
  return <StatusScreen status={403} message="This page could not be accessed." />
}
