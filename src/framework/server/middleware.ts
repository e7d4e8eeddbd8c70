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
import { runInStore } from '../request/store.ts'
import { compileMatcher, type RequestMatcher } from '../routing/middleware-matcher.ts'
import type { RouteTable } from '../routing/types.ts'
import { internalServerErrorResponse } from '../wire/errors.ts'
import { nodeBodyOf, responseFromNodeStream } from '../wire/node-body.ts'
import {
  CACHE_CONTROL_PRIVATE,
  canonicalPathname,
  HEADER_MIDDLEWARE_NEXT,
  HEADER_MIDDLEWARE_OVERRIDE_HEADERS,
  HEADER_MIDDLEWARE_REQUEST_PREFIX,
  HEADER_MIDDLEWARE_REWRITE,
  MIDDLEWARE_HEADER_PREFIX,
  type ParsedRequest,
  toPayloadUrl,
} from '../wire/protocol.ts'
import { after } from './after.ts'
import type { Core } from './core-state.ts'
import { type Middleware, MiddlewareRequest } from './middleware-api.ts'
import { requestCookiesOf } from './request-cookies.ts'
import { createRequestStore, privateUnlessSet, withSetCookies } from './request-store.ts'

/** The app's middleware module as the build finds it (entry.rsc.tsx, or a test). */
export interface MiddlewareSource {
  /** Its path, for messages: `src/middleware.ts`. */
  file: string
  load(): Promise<Record<string, unknown>>
}

interface LoadedMiddleware {
  file: string
  run: Middleware
  matches: RequestMatcher
}

/** The exports a middleware function may have, in the order they are looked for. */
const FUNCTION_EXPORTS = ['middleware', 'proxy', 'default'] as const

function fromModule(file: string, mod: Record<string, unknown>): LoadedMiddleware {
  const name = FUNCTION_EXPORTS.find((exported) => typeof mod[exported] === 'function')
  if (!name) {
    throw new Error(
      `${file} must export a function named middleware or proxy (or a default export); it exports ${Object.keys(mod).join(', ') || 'nothing'}.`,
    )
  }
  const config = mod.config as { matcher?: Parameters<typeof compileMatcher>[0] } | undefined
  return { file, run: mod[name] as Middleware, matches: compileMatcher(config?.matcher, file) }
}

/** The app's middleware, loaded once (again after a code change in dev); one per handler. */
export class MiddlewareHost {
  private loaded: LoadedMiddleware | undefined
  private loading: Promise<LoadedMiddleware> | undefined

  constructor(private readonly source: MiddlewareSource) {}

  /** Dev server: the code changed, so the module is loaded again. */
  forget(): void {
    this.loaded = undefined
    this.loading = undefined
  }

  /** Loaded once; a load that failed is tried again by the next request. */
  load(): LoadedMiddleware | Promise<LoadedMiddleware> {
    if (this.loaded) return this.loaded
    const { file } = this.source
    this.loading ??= this.source.load().then((mod) => fromModule(file, mod))
    const loading = this.loading
    loading.then(
      (loaded) => {
        if (this.loading === loading) this.loaded = loaded
      },
      () => {
        if (this.loading === loading) this.loading = undefined
      },
    )
    return loading
  }
}

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

const hasBody = (request: Request) =>
  request.method !== 'GET' && request.method !== 'HEAD' && request.body !== null

/**
 * A request body the middleware may read and the route reads after it. Split in two only once
 * the middleware reads it: until then the route gets the body untouched, so a body nobody in
 * the middleware wants is never copied (a refused 50 MB post stays a refusal, memory flat).
 */
class SharedBody {
  private branches: [ReadableStream<Uint8Array>, ReadableStream<Uint8Array>] | undefined

  constructor(private readonly source: ReadableStream<Uint8Array>) {}

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

/**
 * `request`'s method and signal with `headers` and `body`: requests are built from their parts,
 * since the host's Request may be another class than this runtime's (the dev server's is
 * srvx's), which `new Request(url, request)` refuses; and `new Request(request)` would pipe the
 * body through a copy at once.
 */
function initFrom(
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

/** The request the middleware sees: the page's URL (a payload URL's suffix removed). */
function middlewareRequest(request: Request, url: URL, body: SharedBody | undefined) {
  const headers = new Headers(request.headers)
  return new MiddlewareRequest(url, initFrom(request, headers, body?.forMiddleware() ?? null))
}

/**
 * The request as the route sees it: the headers the middleware passed on, if it did, the URL it
 * rewrote to (a route handler reads it from `request.url`, as in Next.js), and the body.
 */
function forwardedRequest(
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

/**
 * The answer with `headers` (the middleware's, but its signals) and the middleware's `cookies`
 * added; a copy if it is immutable. Its cookies come before the route's: the route saw them
 * (cookies()), so a cookie it sets again is the one the browser keeps.
 */
function withHeaders(
  response: Response,
  headers: Headers | undefined,
  cookies: readonly string[],
): Response {
  const add = (target: Response) => {
    for (const [name, value] of headers ?? []) {
      if (name.startsWith(MIDDLEWARE_HEADER_PREFIX) || name === 'set-cookie') continue
      // Vary adds to the route's (a payload answer varies with x-rsc-prefetch): never narrower.
      if (name === 'vary') target.headers.append(name, value)
      else target.headers.set(name, value)
    }
    if (cookies.length === 0) return target
    const routes = target.headers.getSetCookie()
    target.headers.delete('set-cookie')
    for (const line of [...cookies, ...routes]) target.headers.append('set-cookie', line)
    // As for any answer that sets a cookie (request-store.ts): no cache may keep it.
    target.headers.set('cache-control', CACHE_CONTROL_PRIVATE)
    return target
  }
  try {
    return add(response)
  } catch {
    const init = {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }
    const nodeBody = nodeBodyOf(response)
    return add(
      nodeBody ? responseFromNodeStream(nodeBody, init) : new Response(response.body, init),
    )
  }
}

/**
 * The middleware's own answer, sent as it is; a redirect of a payload request to one of the
 * app's pages goes to that page's payload URL, so the router follows it without a document load.
 */
function ownAnswer(answer: Response, parsed: ParsedRequest, routes: RouteTable): Response {
  const location = answer.headers.get('location')
  if (
    parsed.type === 'payload' &&
    location !== null &&
    answer.status >= 300 &&
    answer.status < 400
  ) {
    const target = new URL(location, parsed.url)
    if (
      target.origin === parsed.url.origin &&
      routes.match(target.pathname)?.route.type === 'page'
    ) {
      const headers = new Headers(answer.headers)
      headers.set('location', toPayloadUrl(target))
      return new Response(null, { status: answer.status, headers })
    }
  }
  return answer
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
  host: MiddlewareHost,
  core: Core,
  request: Request,
  parsed: ParsedRequest,
): Promise<Outcome> {
  const loaded = host.load()
  const middleware = loaded instanceof Promise ? await loaded : loaded
  const { url } = parsed
  const matched = middleware.matches({
    pathname: url.pathname,
    searchParams: url.searchParams,
    headers: request.headers,
    cookie: (name) => parseCookie(request.headers.get('cookie') ?? '')[name],
  })
  if (!matched) return { request, parsed, cookies: [] }
  const body = hasBody(request) && request.body ? new SharedBody(request.body) : undefined
  // Its own store: cookies(), headers() and draftMode() read this request; cookies().set() adds
  // to what it sends (docs/middleware.md "Request APIs").
  const store = createRequestStore(request, 'middleware', { core, parsed })
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
    return { answer: ownAnswer(answer, parsed, core.routes), cookies }
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
 * Runs the middleware for `request` if its matcher takes it, then `next`. Never rejects: a
 * failure to load, a throw, a rejected promise or a bad return value answers 500.
 */
export async function runMiddleware(
  host: MiddlewareHost,
  core: Core,
  request: Request,
  parsed: ParsedRequest,
  next: Next,
): Promise<Response> {
  let outcome: Outcome
  try {
    outcome = await decide(host, core, request, parsed)
  } catch (error) {
    return internalServerErrorResponse(error)
  }
  const { cookies } = outcome
  // Its own answer is decided from a request the framework cannot see it read (a session
  // cookie, a header): private unless it said otherwise, and always with a cookie, as every
  // answer that sets one (request-store.ts).
  if ('answer' in outcome) return withSetCookies(privateUnlessSet(outcome.answer), cookies)
  const response = await next(outcome.request, outcome.parsed, outcome.shownUrl, cookies)
  return outcome.headers || cookies.length > 0
    ? withHeaders(response, outcome.headers, cookies)
    : response
}
