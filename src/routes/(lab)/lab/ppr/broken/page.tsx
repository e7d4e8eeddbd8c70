import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { cookies } from '#framework'

export const metadata: Metadata = { title: 'A hole that throws' }

export const experimental_ppr = true

/** A hole that fails for each request: its error.tsx shows, the shell stays. */
async function Failing(): Promise<never> {
  await cookies()
  throw new Error('The hole failed.')
}

export default function BrokenHolePage() {
  return (
    <>
      <h2 data-testid="broken-shell">The shell of a page whose hole throws</h2>
      <Suspense fallback={<p>Loading the hole…</p>}>
        <Failing />
      </Suspense>
    </>
  )
}
