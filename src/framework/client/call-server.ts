// Calls a server function: one POST that returns both the function's result and the page
// re-rendered after it ran (or the page it redirected to), so no second request follows.
import {
  createFromReadableStream,
  createTemporaryReferenceSet,
  encodeReply,
} from '@vitejs/plugin-rsc/browser'
import type { RscPayload } from '../payload.ts'
import {
  CONTENT_TYPE_PAYLOAD,
  HEADER_ACTION_ID,
  HEADER_REVALIDATED,
  toPayloadUrl,
} from '../protocol.ts'
import { applyServerUpdate, forgetCachedPages } from './router.tsx'

export async function callServer(id: string, args: unknown[]): Promise<unknown> {
  const temporaryReferences = createTemporaryReferenceSet()
  const response = await fetch(toPayloadUrl(location.href), {
    method: 'POST',
    headers: { [HEADER_ACTION_ID]: id, accept: CONTENT_TYPE_PAYLOAD },
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
  if (payload.redirect?.document) {
    // Another origin or a route handler: load it as a document; the post is not replayed there.
    location.assign(payload.redirect.url)
    return new Promise(() => {})
  }
  applyServerUpdate(payload)
  return payload.returnValue
}
