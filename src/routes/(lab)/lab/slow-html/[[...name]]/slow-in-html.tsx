'use client'
import { Suspense, use } from 'react'

const SSR_DELAY_MS = 500

/** One wait per render, so that React's retry of the same render finds it settled. */
const waits = new Map<string, Promise<void>>()

function waitOnce(renderId: string): Promise<void> {
  let wait = waits.get(renderId)
  if (!wait) {
    wait = new Promise((resolve) => setTimeout(resolve, SSR_DELAY_MS))
    waits.set(renderId, wait)
    // Forgotten soon after: the map stays small however many renders there are.
    void wait.then(() => setTimeout(() => waits.delete(renderId), 10_000))
  }
  return wait
}

function Slow({ renderId }: { renderId: string }) {
  if (typeof window === 'undefined') use(waitOnce(renderId))
  return <p data-testid="slow-part">{`Slow part of render ${renderId}`}</p>
}

export function SlowInHtml({ renderId }: { renderId: string }) {
  return (
    <Suspense fallback={<p>Rendering the slow part…</p>}>
      <Slow renderId={renderId} />
    </Suspense>
  )
}
