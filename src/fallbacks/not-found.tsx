import { StatusScreen } from './status-screen.tsx'

export default function NotFound() {
  return <StatusScreen status={404} message="This page could not be found." />
}
