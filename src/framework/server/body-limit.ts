// Request bodies read within a size limit: server function posts (serverFunctions.bodySizeLimit,
// server-functions/guards.ts) and route handlers' (routeHandlers.bodySizeLimit,
// method-handlers.ts). A Content-Length over the limit is refused before anything is read; a body
// that passes the limit while it streams fails there, its upload cancelled, so no body is ever
// buffered beyond the limit. srvx's limiter counts the bytes (docs/security.md).
import { BodyTooLargeError, limitRequestBody } from 'srvx/body-limit'

/** Whether the request's Content-Length alone passes `limit`. */
export function declaresMoreThan(request: Request, limit: number): boolean {
  const declared = request.headers.get('content-length')
  return declared !== null && Number(declared) > limit
}

/**
 * `request` with a body that fails with a BodyTooLargeError (isBodyTooLarge()) once more than
 * `limit` bytes have streamed in; everything else of it unchanged.
 */
export function limitBody<T extends Request>(request: T, limit: number): T {
  return limitRequestBody(request, limit)
}

/** Whether `error` is the failure of a body that passed its limit (limitBody()). */
export function isBodyTooLarge(error: unknown): boolean {
  return error instanceof BodyTooLargeError
}

/** The whole body, or null once it passes `limit` bytes: a huge post is never buffered. */
export async function readWithin(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaresMoreThan(request, limit)) return null
  if (!request.body) return new Uint8Array(0)
  try {
    return new Uint8Array(await limitBody(request, limit).arrayBuffer())
  } catch (error) {
    if (isBodyTooLarge(error)) return null
    throw error
  }
}
