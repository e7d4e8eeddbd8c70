import type { Metadata } from '#framework'
import { FailsEverywhere } from '../_browser-only.tsx'

export const metadata: Metadata = { title: 'Fails everywhere' }

/** A client component that fails on the server and in the browser: the global error screen. */
export default function FailsEverywherePage() {
  return (
    <>
      <h1>A client component that always fails</h1>
      <FailsEverywhere />
    </>
  )
}
