// Fetches a page's RSC payload from its payload URL and decodes it.

import { buildId } from 'virtual:framework/client-options'
import { createFromReadableStream } from '@vitejs/plugin-rsc/browser'
import type { RscPayload } from '../wire/payload.ts'
import {
  CONTENT_TYPE_PAYLOAD,
  HEADER_BUILD_ID,
  HEADER_PREFETCH,
  HEADER_ROUTE_KIND,
  HEADER_ROUTER_STATE,
  HEADER_ROUTER_STATE_READS,
  type Rendering,
  toPageUrl,
  toPayloadUrl,
} from '../wire/protocol.ts'

export interface FetchedPayload {
  /**
   * Resolves with the root once its row arrives; later rows stream into the tree. Null when a
   * prefetch was told the route is dynamic (204): there is nothing worth keeping.
   */
  payload: Promise<RscPayload> | null
  kind: Rendering
  /** What of the router state sent the payload depends on (none: the same for any state). */
  routerStateReads: string[]
  /** Settles when the response body has ended (or failed). */
  done: Promise<void>
}

/**
 * Rejects when the answer is not an RSC payload of this build (content type, build id), so the
 * caller can fall back to a document load. Status codes alone do not decide: a 404 payload
 * renders the not-found screen.
 */
export async function fetchPayload(
  href: string,
  purpose: 'navigation' | 'prefetch',
  /** The router state header's value, in an app with slots or interceptors (payload-cache.ts). */
  routerState: string | null = null,
): Promise<FetchedPayload> {
  const headers: Record<string, string> = { accept: CONTENT_TYPE_PAYLOAD }
  if (purpose === 'prefetch') headers[HEADER_PREFETCH] = '1'
  if (routerState !== null) headers[HEADER_ROUTER_STATE] = routerState
  const response = await fetch(toPayloadUrl(href, location.href), {
    headers,
    priority: purpose === 'prefetch' ? 'low' : 'high',
  })
  const sameBuild = response.headers.get(HEADER_BUILD_ID) === buildId
  const reads = response.headers.get(HEADER_ROUTER_STATE_READS)
  const routerStateReads = reads ? reads.split(',').map((read) => read.trim()) : []
  if (purpose === 'prefetch' && response.status === 204 && sameBuild) {
    return { payload: null, kind: 'dynamic', routerStateReads, done: Promise.resolve() }
  }
  const isPayload = response.headers.get('content-type')?.startsWith(CONTENT_TYPE_PAYLOAD)
  if (!isPayload || !sameBuild || !response.body) {
    response.body?.cancel().catch(() => {})
    // Nobody sees the message: the router loads the URL as a document instead.
    throw new Error(`${response.url} is not an RSC payload of build ${buildId}.`)
  }
  // Passed through, to know when the body has ended, failed or been cancelled.
  const { readable, writable } = new TransformStream<Uint8Array, Uint8Array>()
  const done = response.body.pipeTo(writable).catch(() => {})
  const decoded = createFromReadableStream<RscPayload>(readable)
  // The middleware redirected to another page: the fetch followed it to that page's payload URL.
  const redirectedTo = response.redirected ? toPageUrl(response.url) : undefined
  // React's thenable: its then() returns nothing, so it goes through a promise first.
  const payload = redirectedTo
    ? Promise.resolve(decoded).then((root) => ({ ...root, redirectedTo }))
    : decoded
  return {
    payload,
    kind: response.headers.get(HEADER_ROUTE_KIND) === 'static' ? 'static' : 'dynamic',
    routerStateReads,
    done,
  }
}
