// A request rebuilt from its parts at another URL, or with other headers or body: the canonical
// spelling of a request's URL (server/core.ts), and the requests the middleware and the route
// after it see (server/middleware-requests.ts).

/**
 * `request`'s method and signal with `headers` and `body`: requests are built from their parts,
 * since the host's Request may be another class than this runtime's (the dev server's is
 * srvx's), which `new Request(url, request)` refuses; and `new Request(request)` would pipe the
 * body through a copy at once.
 */
export function initFrom(
  request: Request,
  headers: Headers,
  body: ReadableStream<Uint8Array> | null,
): RequestInit {
  const init = { method: request.method, headers, signal: request.signal, body: null as unknown }
  if (body) Object.assign(init, { body, duplex: 'half' })
  return init as RequestInit
}

/**
 * `request` at `url`, with its method, signal and (unless given others) headers and body: a
 * rewrite's target, or the canonical spelling of the request's own URL (server/core.ts).
 */
export function requestAt(
  request: Request,
  url: URL,
  headers = request.headers,
  body: ReadableStream<Uint8Array> | null = request.body,
): Request {
  return new Request(url, initFrom(request, headers, body))
}
