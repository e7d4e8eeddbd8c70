import { StatusScreen } from './status-screen.tsx'

export default function Unauthorized() {
  return <StatusScreen status={401} message="You're not authorized to access this page." />
}
