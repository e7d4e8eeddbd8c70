import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { connection } from '#framework'

export const metadata: Metadata = { title: 'connection(), then a slow part' }

/** Longer than a whole render may take (WHOLE_RENDER_TIMEOUT_MS, 10 s). */
const SLOW_MS = 12_000

async function SlowPart() {
  // Unref'd: a process with nothing else to do (the build, once it has prerendered) ends
  // without waiting for it.
  await new Promise((resolve) => setTimeout(resolve, SLOW_MS).unref())
  return <p data-testid="slow-part">The slow part has arrived.</p>
}

/**
 * Awaits connection(), then streams a part that takes 12 s: dynamic from its first render, so
 * neither the build nor the first request waits for that render to finish (docs/caching.md,
 * "How routes are classified"). Not linked from the lab index, so no prefetch renders it.
 */
export default async function SlowConnectionPage() {
  await connection()
  return (
    <>
      <h1>Rendered at request time, slowly</h1>
      <Suspense fallback={<p>Waiting for the slow part…</p>}>
        <SlowPart />
      </Suspense>
    </>
  )
}
