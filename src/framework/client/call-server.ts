// Calls a server function: one POST that returns both the function's result and the page
// re-rendered after it ran (or the page it redirected to), so no second request follows.
// The answer is shown only on the page that made the call (server-answers.ts). A function that
// redirected hands its caller no value: the call rejects with the redirect signal while the
// router navigates (docs/protocol.md).
import {
  createFromReadableStream,
  createTemporaryReferenceSet,
  encodeReply,
} from '@vitejs/plugin-rsc/browser'
import { redirectError } from '../wire/interrupts.ts'
import type { RscPayload } from '../wire/payload.ts'
import {
  CONTENT_TYPE_PAYLOAD,
  HEADER_ACTION_ID,
  HEADER_REVALIDATED,
  HEADER_ROUTER_STATE,
  redirectLocation,
  toPayloadUrl,
} from '../wire/protocol.ts'
import { markHandled } from './handled-redirects.ts'
import { forgetCachedPages } from './history-payloads.ts'
import { currentRouterState } from './payload-cache.ts'
import { isScriptUrl } from './script-urls.ts'
import { applyServerUpdate, callOrigin } from './server-answers.ts'

export async function callServer(id: string, args: unknown[]): Promise<unknown> {
  const temporaryReferences = createTemporaryReferenceSet()
  const origin = callOrigin()
  const response = await fetch(toPayloadUrl(location.href), {
    method: 'POST',
    headers: {
      [HEADER_ACTION_ID]: id,
      accept: CONTENT_TYPE_PAYLOAD,
      // The page re-renders as it is shown: an intercepted one stays intercepted.
      ...(currentRouterState() !== null && { [HEADER_ROUTER_STATE]: currentRouterState()! }),
    },
    body: await encodeReply(args, { temporaryReferences }),
  })
  if (!response.headers.get('content-type')?.startsWith(CONTENT_TYPE_PAYLOAD)) {
    // Refused before it ran (403, 404, 413, 400): the server says why in plain text.
    const reason = (await response.text()).trim()
    throw new Error(reason || `Server function ${id} failed with status ${response.status}.`)
  }
  if (response.headers.has(HEADER_REVALIDATED)) forgetCachedPages()
  const payload = await createFromReadableStream<RscPayload>(response.body!, {
    temporaryReferences,
  })
  const { redirect } = payload
  if (redirect?.document) {
    // Another origin or a route handler: load it as a document; the post is not replayed there.
    const target = new URL(redirectLocation(redirect.url), location.href)
    if (!isScriptUrl(target)) location.assign(target.href)
    return new Promise(() => {})
  }
  applyServerUpdate(payload, origin)
  if (!redirect) return payload.returnValue
  // As in the App Router: the caller gets the redirect signal, never `undefined`. The router has
  // already navigated (or the user had left the page), so a boundary that catches it only clears.
  const signal = redirectError(redirect.url, redirect.status, redirect.type)
  markHandled(signal)
  throw signal
}
