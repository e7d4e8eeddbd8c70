// The framework's 404, 401 and 403 screens by status: rendered by the server for a fallback page
// (server/element-tree.tsx), and by the root's boundary in the browser, which loads this module when needed.
import type { FallbackStatus } from '../framework/wire/interrupts.ts'
import Forbidden from './forbidden.tsx'
import NotFound from './not-found.tsx'
import Unauthorized from './unauthorized.tsx'

export const DEFAULT_SCREENS = { 404: NotFound, 401: Unauthorized, 403: Forbidden }

export default function DefaultScreen({ status }: { status: FallbackStatus }) {
  const Screen = DEFAULT_SCREENS[status]
  return <Screen />
}
