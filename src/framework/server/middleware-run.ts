// Runs the app's middleware (src/middleware.ts or src/proxy.ts, docs/routing.md "Middleware")
// before routing: for documents, payloads, server function posts and route handlers alike, when
// its `config.matcher` takes the request's page path. It runs inside a request store of its own
// (phase `middleware`), so cookies(), headers() and draftMode() read the request it handles. Its
// answer is sent as it is, or the request goes on (server/core.ts) with the request headers it
// set, to the URL it rewrote to, with the cookies it set seen by the route's cookies(), and its
// response headers and cookies are added to the route's answer. Whatever it throws or returns
// wrongly answers 500 with a digest: it cannot stop the process. Requests its matcher leaves out
// cost a regular expression test per matcher entry.
import { parseCookie } from 'cookie'
import { type RequestStore, runInStore } from '../request/store.ts'
import type { RouteTable } from '../routing/types.ts'
import { internalServerErrorResponse } from '../wire/errors.ts'
import {
  canonicalPathname,
  HEADER_MIDDLEWARE_NEXT,
  HEADER_MIDDLEWARE_REWRITE,
  type ParsedRequest,
} from '../wire/protocol.ts'
import { after } from './after.ts'
import { ownAnswer, withMiddlewareHeaders } from './middleware-answers.ts'
import type { MiddlewareHost } from './middleware-host.ts'
import { forwardedRequest, middlewareRequest, SharedBody } from './middleware-requests.ts'
import { requestCookiesOf } from './request-cookies.ts'
import { privateUnlessSet, withSetCookies } from './request-store.ts'

/**
 * Serves the request as routing would: `shownUrl` is set when the middleware rewrote it;
 * `cookiesSet` are the Set-Cookie lines the middleware sent, which the route's cookies() sees.
 */
export type Next = (
  request: Request,
  parsed: ParsedRequest,
  shownUrl: URL | undefined,
  cookiesSet: readonly string[],
) => Promise<Response>

/** What the handler (server/core.ts) gives the middleware's run. */
export interface MiddlewareRun {
  host: MiddlewareHost
  /** The app's routes: a payload request redirected to one of its pages stays a payload request. */
  routes: RouteTable
  /** The middleware's own request store (phase `middleware`), for `request`. */
  storeFor(request: Request, parsed: ParsedRequest): RequestStore
  next: Next
}

function describe(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? String(value)
  return `an object (${value.constructor?.name ?? 'Object'})`
}

/**
 * What the middleware decided: its own answer, or the request the route gets. `cookies` are the
 * Set-Cookie lines it sent (cookies().set() in it, then its answer's), in order.
 */
type Outcome =
  | { answer: Response; cookies: string[] }
  | {
      request: Request
      parsed: ParsedRequest
      shownUrl?: URL
      headers?: Headers
      cookies: string[]
    }

async function decide(
  run: MiddlewareRun,
  request: Request,
  parsed: ParsedRequest,
): Promise<Outcome> {
  const loaded = run.host.load()
  const middleware = loaded instanceof Promise ? await loaded : loaded
  const { url } = parsed
  const matched = middleware.matches({
    pathname: url.pathname,
    searchParams: url.searchParams,
    host: parsed.host,
    headers: request.headers,
    cookie: (name) => parseCookie(request.headers.get('cookie') ?? '')[name],
  })
  if (!matched) return { request, parsed, cookies: [] }
  const body = SharedBody.of(request)
  // Its own store: cookies(), headers() and draftMode() read this request; cookies().set() adds
  // to what it sends (docs/middleware.md "Request APIs").
  const store = run.storeFor(request, parsed)
  const answer: unknown = await runInStore(store, () =>
    middleware.run(middlewareRequest(request, url, body), {
      waitUntil: (promise) => after(promise),
    }),
  )
  const cookies = [...requestCookiesOf(store).setCookies]
  if (answer === undefined || answer === null) {
    return { request: forwardedRequest(request, undefined, body), parsed, cookies }
  }
  if (!(answer instanceof Response)) {
    throw new TypeError(
      `${middleware.file} returned ${describe(answer)}. A middleware returns a Response (MiddlewareResponse.next(), .rewrite(), .redirect(), .json() or any Response) or nothing.`,
    )
  }
  const rewrite = answer.headers.get(HEADER_MIDDLEWARE_REWRITE)
  if (rewrite === null && !answer.headers.has(HEADER_MIDDLEWARE_NEXT)) {
    return { answer: ownAnswer(answer, parsed, run.routes), cookies }
  }
  cookies.push(...answer.headers.getSetCookie())
  if (rewrite === null) {
    const forwarded = forwardedRequest(request, answer.headers, body)
    return { request: forwarded, parsed, headers: answer.headers, cookies }
  }
  const destination = new URL(rewrite, url)
  if (destination.origin !== url.origin) {
    throw new Error(
      `${middleware.file} rewrote ${url.pathname} to ${destination.href}, another origin. A rewrite renders one of the app's own URLs; redirect to another origin instead.`,
    )
  }
  // The route renders, and a page is keyed by, the canonical spelling (docs/routing.md).
  destination.pathname = canonicalPathname(destination.pathname)
  const target = { ...parsed, url: destination }
  return {
    request: forwardedRequest(request, answer.headers, body, target),
    parsed: target,
    shownUrl: url,
    headers: answer.headers,
    cookies,
  }
}

/**
 * Runs the middleware for `request` if its matcher takes it, then `run.next`. Never rejects: a
 * failure to load, a throw, a rejected promise or a bad return value answers 500.
 */
export async function runMiddleware(
  run: MiddlewareRun,
  request: Request,
  parsed: ParsedRequest,
): Promise<Response> {
  let outcome: Outcome
  try {
    outcome = await decide(run, request, parsed)
  } catch (error) {
    return internalServerErrorResponse(error)
  }
  const { cookies } = outcome
  // Its own answer is decided from a request the framework cannot see it read (a session
  // cookie, a header): private unless it said otherwise, and always with a cookie, as every
  // answer that sets one (request-store.ts).
  if ('answer' in outcome) return withSetCookies(privateUnlessSet(outcome.answer), cookies)
  const response = await run.next(outcome.request, outcome.parsed, outcome.shownUrl, cookies)
  return outcome.headers || cookies.length > 0
    ? withMiddlewareHeaders(response, outcome.headers, cookies)
    : response
}
