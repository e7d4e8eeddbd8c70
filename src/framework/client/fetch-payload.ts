// Fetches a page's RSC payload from its payload URL and decodes it.
import { createFromFetch } from '@vitejs/plugin-rsc/browser'
import type { RscPayload } from '../payload.ts'
import { CONTENT_TYPE_PAYLOAD, toPayloadUrl } from '../protocol.ts'

export class NotAPayloadError extends Error {
  constructor(readonly response: Response) {
    super(
      `Expected an RSC payload from ${response.url}, got ${response.status} ${response.headers.get('content-type')}.`,
    )
  }
}

/**
 * Resolves with the payload's root once its first row arrives; later rows stream into the tree.
 * Rejects when the answer is not an RSC payload, so the caller can fall back to a document load.
 * Status codes alone do not decide: a 404 payload renders the not-found screen.
 */
export async function fetchPayload(href: string, signal: AbortSignal): Promise<RscPayload> {
  const response = await fetch(toPayloadUrl(href, location.href), {
    signal,
    headers: { accept: CONTENT_TYPE_PAYLOAD },
  })
  if (!response.headers.get('content-type')?.startsWith(CONTENT_TYPE_PAYLOAD)) {
    throw new NotAPayloadError(response)
  }
  return createFromFetch<RscPayload>(Promise.resolve(response))
}
