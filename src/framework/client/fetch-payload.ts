// Fetches a page's RSC payload from its payload URL and decodes it.

import { buildId } from 'virtual:framework/client-options'
import { createFromReadableStream } from '@vitejs/plugin-rsc/browser'
import { type Interrupt, redirectsInPayloadText } from '../interrupts.ts'
import type { RscPayload } from '../payload.ts'
import {
  CONTENT_TYPE_PAYLOAD,
  HEADER_BUILD_ID,
  HEADER_PREFETCH,
  HEADER_ROUTE_KIND,
  type RouteKind,
  toPayloadUrl,
} from '../protocol.ts'

export interface FetchedPayload {
  /**
   * Resolves with the root once its row arrives; later rows stream into the tree. Null when a
   * prefetch was told the route is dynamic (204): there is nothing worth keeping.
   */
  payload: Promise<RscPayload> | null
  kind: RouteKind
  /** Settles when the response body has ended (or failed). */
  done: Promise<void>
}

/** The first redirect() thrown in each payload, once its row has passed through. */
const redirectsThrown = new WeakMap<object, { first?: Interrupt }>()

/** The first redirect the server threw while rendering `payload`, if its row has arrived. */
export function redirectThrownIn(payload: RscPayload): Interrupt | undefined {
  return redirectsThrown.get(payload)?.first
}

/**
 * The body, passed through, telling when it has ended and noting the first redirect among its
 * rows. A digest split across two chunks is still seen: the end of the previous text is kept.
 */
function observe(
  body: ReadableStream<Uint8Array>,
  onEnd: () => void,
  seen: { first?: Interrupt },
): ReadableStream<Uint8Array> {
  const reader = body.getReader()
  const decoder = new TextDecoder()
  let tail = ''
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done, value } = await reader.read()
        if (done) {
          controller.close()
          onEnd()
        } else {
          if (!seen.first) {
            const text = tail + decoder.decode(value, { stream: true })
            seen.first = redirectsInPayloadText(text)[0]
            tail = text.slice(-512)
          }
          controller.enqueue(value)
        }
      } catch (error) {
        controller.error(error)
        onEnd()
      }
    },
    cancel(reason) {
      onEnd()
      return reader.cancel(reason)
    },
  })
}

/**
 * Rejects when the answer is not an RSC payload of this build (content type, build id), so the
 * caller can fall back to a document load. Status codes alone do not decide: a 404 payload
 * renders the not-found screen.
 */
export async function fetchPayload(
  href: string,
  purpose: 'navigation' | 'prefetch',
): Promise<FetchedPayload> {
  const headers: Record<string, string> = { accept: CONTENT_TYPE_PAYLOAD }
  if (purpose === 'prefetch') headers[HEADER_PREFETCH] = '1'
  const response = await fetch(toPayloadUrl(href, location.href), {
    headers,
    priority: purpose === 'prefetch' ? 'low' : 'high',
  })
  const sameBuild = response.headers.get(HEADER_BUILD_ID) === buildId
  if (purpose === 'prefetch' && response.status === 204 && sameBuild) {
    return { payload: null, kind: 'dynamic', done: Promise.resolve() }
  }
  const isPayload = response.headers.get('content-type')?.startsWith(CONTENT_TYPE_PAYLOAD)
  if (!isPayload || !sameBuild || !response.body) {
    response.body?.cancel().catch(() => {})
    // Nobody sees the message: the router loads the URL as a document instead.
    throw new Error(`${response.url} is not an RSC payload of build ${buildId}.`)
  }
  let ended = () => {}
  const done = new Promise<void>((resolve) => {
    ended = resolve
  })
  const seen: { first?: Interrupt } = {}
  const payload = createFromReadableStream<RscPayload>(observe(response.body, ended, seen))
  payload.then(
    (root) => redirectsThrown.set(root, seen),
    () => {},
  )
  return {
    payload,
    kind: response.headers.get(HEADER_ROUTE_KIND) === 'static' ? 'static' : 'dynamic',
    done,
  }
}
