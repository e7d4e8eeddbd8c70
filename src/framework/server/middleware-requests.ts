// The two requests around the app's middleware: the one it sees (the page's URL, a body it may
// read), and the one the route gets after it (the headers it passed on, the URL it rewrote to,
// the body it left).
import {
  HEADER_MIDDLEWARE_OVERRIDE_HEADERS,
  HEADER_MIDDLEWARE_REQUEST_PREFIX,
  type ParsedRequest,
  toPayloadUrl,
} from '../wire/protocol.ts'
import { MiddlewareRequest } from './middleware-api.ts'
import { initFrom, requestAt } from './request-at.ts'

/**
 * A request body the middleware may read and the route reads after it. Split in two only once
 * the middleware reads it: until then the route gets the body untouched, so a body nobody in
 * the middleware wants is never copied (a refused 50 MB post stays a refusal, memory flat).
 */
export class SharedBody {
  private branches: [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] | undefined

  constructor(private readonly source: ReadableStream<Uint8Array>) {}

  /** The body of `request`, if it may have one. */
  static of(request: Request): SharedBody | undefined {
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    return hasBody && request.body ? new SharedBody(request.body) : undefined
  }

  /** The middleware's copy; reading it splits the body. */
  forMiddleware(): ReadableStream<Uint8Array> {
    let reader: ReadableStreamDefaultReader<Uint8Array> | undefined
    const open = () => {
      this.branches ??= this.source.tee()
      reader ??= this.branches[1].getReader()
      return reader
    }
    return new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          const { done, value } = await open().read()
          if (done) controller.close()
          else controller.enqueue(value)
        },
        cancel: (reason) => reader?.cancel(reason),
      },
      // Nothing is pulled before the middleware reads.
      { highWaterMark: 0 },
    )
  }

  /** The route's: the body itself, or its half once the middleware has read. */
  forRoute(): ReadableStream<Uint8Array> {
    return this.branches?.[0] ?? this.source
  }

  get split(): boolean {
    return this.branches !== undefined
  }
}

/** The request the middleware sees: the page's URL (a payload URL's suffix removed). */
export function middlewareRequest(
  request: Request,
  url: URL,
  body: SharedBody | undefined,
): MiddlewareRequest {
  const headers = new Headers(request.headers)
  return new MiddlewareRequest(url, initFrom(request, headers, body?.forMiddleware() ?? null))
}

/**
 * The request as the route sees it: the headers the middleware passed on, if it did, the URL it
 * rewrote to (a route handler reads it from `request.url`, as in Next.js), and the body.
 */
export function forwardedRequest(
  request: Request,
  answer: Headers | undefined,
  body: SharedBody | undefined,
  rewritten?: ParsedRequest,
): Request {
  const names = answer?.get(HEADER_MIDDLEWARE_OVERRIDE_HEADERS) ?? null
  if (names === null && !rewritten && !body?.split) return request
  let headers = request.headers
  if (answer && names !== null) {
    headers = new Headers()
    for (const name of names.split(',')) {
      const value = answer.get(`${HEADER_MIDDLEWARE_REQUEST_PREFIX}${name.trim()}`)
      if (name.trim() && value !== null) headers.set(name.trim(), value)
    }
  }
  const routeBody = body?.forRoute() ?? null
  if (!rewritten) return requestAt(request, new URL(request.url), headers, routeBody)
  const { url, type } = rewritten
  // Payloads and server function calls travel on payload URLs: so does their rewrite.
  const href = type === 'payload' || type === 'action' ? new URL(toPayloadUrl(url), url) : url
  return requestAt(request, href, headers, routeBody)
}
