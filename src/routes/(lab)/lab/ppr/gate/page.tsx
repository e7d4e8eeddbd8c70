import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { cookies, notFound, redirect } from '#framework'

export const metadata: Metadata = { title: 'A hole that interrupts' }

export const experimental_ppr = true

/** The cookie that decides what the hole does (tests/e2e/partial-prerendering.test.ts sets it). */
const GATE_COOKIE = 'lab-gate'

/**
 * A hole that, by the visitor's cookie, redirects or calls notFound(): both arrive after the
 * shell's `200`, as after the shell of any streamed page (docs/errors.md).
 */
async function Gate() {
  const gate = (await cookies()).get(GATE_COOKIE)?.value
  if (gate === 'redirect') redirect('/lab/ppr')
  if (gate === 'missing') notFound()
  return <p data-testid="gate-open">The gate is open.</p>
}

export default function GatePage() {
  return (
    <>
      <h2 data-testid="gate-shell">The shell of a page whose hole may interrupt</h2>
      <Suspense fallback={<p>Opening the gate…</p>}>
        <Gate />
      </Suspense>
    </>
  )
}
