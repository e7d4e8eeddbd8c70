import { Suspense } from 'react'
import type { Metadata } from '#framework'

export const metadata: Metadata = { title: 'Never' }

/** Rendered for every request: it streams, and must not be stored as a static page. */
export const dynamic = 'force-dynamic'

async function Never(): Promise<never> {
  // Never settles: only the client going away (which aborts the render) ends this request.
  return new Promise<never>(() => {})
}

export default function NeverPage() {
  return (
    <>
      <h1>A part that never arrives</h1>
      <Suspense fallback={<p>Waiting forever…</p>}>
        <Never />
      </Suspense>
    </>
  )
}
