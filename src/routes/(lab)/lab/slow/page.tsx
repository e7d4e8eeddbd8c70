import { Suspense } from 'react'
import type { Metadata } from '#framework'

export const metadata: Metadata = { title: 'Slow' }

// A static page (it reads nothing of the request) whose render takes a while, and says in the
// server log when it starts: a test can disconnect while it renders. Not linked from the lab
// index, so no prefetch renders it behind a test's back.

const SLOW_MS = 2000

async function SlowPart() {
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS))
  return <p data-testid="slow-part">The slow part has arrived.</p>
}

export default function SlowPage() {
  console.log('[lab] rendering /lab/slow')
  return (
    <>
      <h1>A static page that takes a while</h1>
      <Suspense fallback={<p>Waiting for the slow part…</p>}>
        <SlowPart />
      </Suspense>
    </>
  )
}
