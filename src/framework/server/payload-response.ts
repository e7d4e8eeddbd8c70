// RSC payload answers: their headers (wire/protocol.ts), for a page rendered for this request,
// a static page from memory, or a server function's answer.
import { responseFromNodeStream } from '../wire/node-body.ts'
import {
  CACHE_CONTROL_PRIVATE,
  CONTENT_TYPE_PAYLOAD,
  HEADER_BUILD_ID,
  HEADER_ROUTE_KIND,
  type Rendering,
  VARY_PAYLOAD,
} from '../wire/protocol.ts'
import type { RenderedRoute } from './render-payload.tsx'

/** `buildId`: the handler's (core-state.ts); the router applies no payload of another build. */
export function payloadHeaders(buildId: string, rendering: Rendering): Record<string, string> {
  return {
    'content-type': CONTENT_TYPE_PAYLOAD,
    // Rendered for this request; a static page served from memory says otherwise (serve-page.ts).
    'cache-control': CACHE_CONTROL_PRIVATE,
    vary: VARY_PAYLOAD,
    [HEADER_BUILD_ID]: buildId,
    [HEADER_ROUTE_KIND]: rendering,
  }
}

export function payloadResponse(
  buildId: string,
  { body, status }: RenderedRoute,
  rendering: Rendering,
): Response {
  return responseFromNodeStream(body, { status, headers: payloadHeaders(buildId, rendering) })
}
