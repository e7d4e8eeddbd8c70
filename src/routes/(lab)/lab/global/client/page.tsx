import type { Metadata } from '#framework'
import { Breakable } from '../../_breakable.tsx'

export const metadata: Metadata = { title: 'Global client error' }

/** No error.tsx above this page: a failure here reaches the global error screen. */
export default function GlobalClientErrorPage() {
  return (
    <>
      <h1>A client failure nothing catches</h1>
      <Breakable />
    </>
  )
}
