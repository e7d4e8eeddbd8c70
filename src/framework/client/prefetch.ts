// The prefetch queue: every prefetch waits here and at most `prefetchConcurrency` (5) run at
// once, at low priority. A link the user hovers or focuses moves to the front.
import { prefetchConcurrency } from 'virtual:framework/client-options'
import { isKnownDynamic, loadPayload, reusablePayload } from './payload-cache.ts'

const waiting: string[] = []
let running = 0

function pump() {
  while (running < prefetchConcurrency && waiting.length > 0) {
    const url = waiting.shift()!
    if (reusablePayload(url)) continue // fetched meanwhile, by a navigation or a prefetch
    running++
    loadPayload(url, 'prefetch').done.finally(() => {
      running--
      pump()
    })
  }
}

/** Queues a prefetch of `url` (pathname and search) unless a reusable payload is at hand. */
export function prefetch(url: string, options: { urgent?: boolean } = {}): void {
  if (url === location.pathname + location.search || isKnownDynamic(url) || reusablePayload(url)) {
    return
  }
  const queued = waiting.indexOf(url)
  if (queued !== -1) {
    if (!options.urgent) return
    waiting.splice(queued, 1)
  }
  if (options.urgent) waiting.unshift(url)
  else waiting.push(url)
  pump()
}
