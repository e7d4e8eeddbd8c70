// The per-request store: the request, its cookies, what the response must carry back, and the
// handler (server/core.ts) serving it. AsyncLocalStorage keeps concurrent requests apart without
// passing a context through props. cookies() and headers() are request-apis.ts; what a render
// threw is render-errors.ts; whether it read the request is static/classification.ts.
import { AsyncLocalStorage } from 'node:async_hooks'
import { parseCookie, parseSetCookie } from 'cookie'
import { onRevalidate } from '../cache/observers.ts'
import { type Computed, registerCacheRequestHooks } from '../cache/storage.ts'
import type { Interrupt } from '../wire/interrupts.ts'
import { CACHE_CONTROL_PRIVATE, type ParsedRequest, parseRequest } from '../wire/protocol.ts'
import type { Core } from './core-state.ts'

/**
 * Where the code runs decides whether cookies may be written (as in Next.js), and whether
 * fetch() is memoized (server/fetch-memo.ts). `middleware`: the app's middleware, before routing.
 */
export type RequestPhase = 'render' | 'action' | 'handler' | 'middleware'

export interface RecordedError {
  digest: string
  interrupt: Interrupt | null
  /** Depth in the route's folder chain of the boundary that should catch it, if known. */
  depth: number | undefined
}

export interface RequestStore {
  request: Request
  /** The request as the protocol reads it, parsed once (wire/protocol.ts). */
  parsed: ParsedRequest
  phase: RequestPhase
  cookies: Map<string, string>
  /** Set-Cookie values to send with the response. */
  setCookies: string[]
  /** Why this render is dynamic, if it is; undefined while it could still be static. */
  dynamicReason?: string
  /** Called when the render is marked dynamic: a whole render stops there (serve-page.ts). */
  onDynamic?: () => void
  /** A force-static render: cookies, headers and search params read as empty. */
  hidden?: boolean
  /** The handler serving this request (several may share a process); absent outside one. */
  core?: Core
  /** The URL the browser asked for, when the middleware rewrote it to `parsed.url`. */
  shownUrl?: URL
  /** Set when this request called revalidateTag() or revalidatePath(). */
  revalidated?: boolean
  /** Set when a server function called refresh() (action-apis.ts). */
  refreshed?: boolean
  /** Errors and interrupts thrown while rendering, in order, with where each belongs. */
  renderErrors: RecordedError[]
  segmentDepths: WeakMap<object, number>
  /** cached() calls made in this request, by key (cache/cached.ts); made on first use. */
  cachedCalls?: Map<string, Promise<Computed>>
  /** Invalidations this request asked for and has not yet waited for (invalidationsRecorded). */
  invalidations?: Promise<void>[]
  /** GET and HEAD fetches made while this request renders, by key (fetch-memo.ts); made on first use. */
  fetches?: Map<string, Promise<Response>>
}

/** What a request's store starts from besides the request itself. */
export interface RequestContext {
  core?: Core
  parsed?: ParsedRequest
  shownUrl?: URL
  /**
   * The Set-Cookie lines the middleware sent with its next() or rewrite()
   * (server/middleware-run.ts): the route's cookies() reads the request's cookies with them
   * applied, as in Next.js.
   */
  cookiesSet?: readonly string[]
}

const storage = new AsyncLocalStorage<RequestStore>()

/** `cookies` with `lines` applied in order: a line that expires the cookie removes it. */
function applySetCookies(cookies: Map<string, string>, lines: readonly string[]): void {
  for (const line of lines) {
    const { name, value, maxAge, expires } = parseSetCookie(line)
    const expired =
      (maxAge !== undefined && maxAge <= 0) ||
      (maxAge === undefined && expires !== undefined && expires.getTime() <= Date.now())
    if (expired) cookies.delete(name)
    else cookies.set(name, value ?? '')
  }
}

/** A store for `request`, to run code in with runInStore(). */
export function createRequestStore(
  request: Request,
  phase: RequestPhase,
  context: RequestContext = {},
): RequestStore {
  const parsed = parseCookie(request.headers.get('cookie') ?? '')
  const cookies = new Map<string, string>()
  for (const [name, value] of Object.entries(parsed))
    if (value !== undefined) cookies.set(name, value)
  applySetCookies(cookies, context.cookiesSet ?? [])
  return {
    request,
    parsed: context.parsed ?? parseRequest(request),
    phase,
    cookies,
    setCookies: [],
    core: context.core,
    shownUrl: context.shownUrl,
    renderErrors: [],
    segmentDepths: new WeakMap(),
  }
}

/** Runs `fn` inside `store`: cookies(), headers() and the rest read it. */
export function runInStore<T>(store: RequestStore, fn: () => T): T {
  return storage.run(store, fn)
}

export function runWithRequest<T>(
  request: Request,
  fn: () => T,
  phase: RequestPhase = 'render',
  context: RequestContext = {},
): T {
  return runInStore(createRequestStore(request, phase, context), fn)
}

/** The current request's store; `api` names the caller in the error thrown outside a request. */
export function currentStore(api: string): RequestStore {
  const store = storage.getStore()
  if (!store) {
    throw new Error(
      `${api} was called outside a request. Call it from a server component, a server function, a route handler or the middleware while it handles a request.`,
    )
  }
  return store
}

/** The current request's store, if code runs within one. */
export function maybeStore(): RequestStore | undefined {
  return storage.getStore()
}

/** The handler serving the current request. */
export function currentCore(): Core {
  const core = storage.getStore()?.core
  if (!core) throw new Error('The framework rendered outside a request handler (server/core.ts).')
  return core
}

/**
 * Runs `fn` as a request of its own for `request`, served by the same handler: a render whose
 * result is shared with other visitors (a static page) must see nothing of this one, so
 * `request` should carry no more than the page's URL.
 */
export function runDetached<T>(request: Request, fn: () => T): T {
  return runWithRequest(request, fn, 'render', { core: storage.getStore()?.core })
}

/**
 * The URL the browser shows when the middleware rewrote this request (usePathname() shows it, as
 * in Next.js); undefined when it did not. A rewritten page is rendered for its request alone.
 */
export function rewrittenFrom(): URL | undefined {
  return storage.getStore()?.shownUrl
}

/** Moves the store into a new phase, e.g. from running a server function to rendering. */
export function setRequestPhase(phase: RequestPhase): void {
  const store = currentStore('setRequestPhase()')
  store.phase = phase
  // A render after a server function reads afresh what the function may have changed.
  store.cachedCalls?.clear()
  store.fetches?.clear()
}

/** Where the current request runs, undefined outside one (draft-mode.ts, connection.ts). */
export function requestPhase(): RequestPhase | undefined {
  return storage.getStore()?.phase
}

/** A cookie the request sent, read without making the render dynamic (draft-mode.ts). */
export function requestCookie(name: string): string | undefined {
  return storage.getStore()?.cookies.get(name)
}

/**
 * The fetches the current request made while rendering, by key (fetch-memo.ts); undefined outside
 * a render: outside a request, and in the middleware, a route handler or a server function, as in
 * Next.js. Each store has its own: nothing memoized in one request reaches another.
 */
export function renderFetches(): Map<string, Promise<Response>> | undefined {
  const store = storage.getStore()
  if (store?.phase !== 'render') return undefined
  store.fetches ??= new Map()
  return store.fetches
}

// revalidateTag() and revalidatePath() run inside the request that calls them.
onRevalidate(() => {
  const store = storage.getStore()
  if (store) {
    store.revalidated = true
    // What this request read before it changed the data must not answer its later reads.
    store.cachedCalls?.clear()
    store.fetches?.clear()
  }
})

// The cache keeps each handler's entries in its own store, and tags what a request computes
// with the page's path (for revalidatePath()).
registerCacheRequestHooks({
  storage: () => storage.getStore()?.core?.cache,
  pathname: () => storage.getStore()?.parsed.url.pathname,
  // Within a render only (a page, its layouts and their metadata read the data once), as React's
  // cache() is: a route handler or a server function that reads again sees what is there now.
  requestCalls: () => {
    const store = storage.getStore()
    if (store?.phase !== 'render') return undefined
    store.cachedCalls ??= new Map()
    return store.cachedCalls
  },
  invalidated: (done) => {
    const store = storage.getStore()
    if (!store) return
    store.invalidations ??= []
    store.invalidations.push(done)
  },
})

/**
 * Waits until the store has recorded every invalidation the current request asked for, and
 * rejects if it could not record one: a route handler or server function that revalidated then
 * fails (500, or a rejected call) instead of answering as if other processes would see it, even
 * when it did not await revalidateTag() (docs/caching.md, "If the store fails").
 */
export async function invalidationsRecorded(): Promise<void> {
  const store = storage.getStore()
  const pending = store?.invalidations
  if (!store || !pending?.length) return
  store.invalidations = []
  await Promise.all(pending)
}

/**
 * Whether this request revalidated cached data, or a server function in it called refresh(): its
 * client must not reuse the pages it kept.
 */
export function didRevalidate(): boolean {
  const store = storage.getStore()
  return store?.revalidated === true || store?.refreshed === true
}

/**
 * `response`, changed by `edit`. Responses from Response.redirect() or fetch() have immutable
 * headers: those are copied first.
 */
function editHeaders(response: Response, edit: (headers: Headers) => void): Response {
  try {
    edit(response.headers)
    return response
  } catch {
    const copy = new Response(response.body, response)
    edit(copy.headers)
    return copy
  }
}

/** `response` with `Cache-Control: private, no-store`, unless it already says who may keep it. */
export function privateUnlessSet(response: Response): Response {
  if (response.headers.has('cache-control')) return response
  return editHeaders(response, (headers) => headers.set('cache-control', CACHE_CONTROL_PRIVATE))
}

/**
 * An answer decided after the request's data was read (cookies(), headers(), search params,
 * connection(), draft mode: `dynamicReason`) is `Cache-Control: private, no-store`, unless the
 * app chose its own: a redirect to /sign-in for a visitor without a session, or a route
 * handler's answer for one user, must not be kept for the next request (docs/protocol.md,
 * "Caching: who may keep an answer").
 */
export function withRequestCaching(response: Response): Response {
  if (storage.getStore()?.dynamicReason === undefined) return response
  return privateUnlessSet(response)
}

/**
 * Adds the Set-Cookie headers that server code asked for to `response` (the current request's,
 * unless given). An answer that sets a cookie, these or the app's own, is `Cache-Control:
 * private, no-store`: no cache may hand one visitor's cookie to another.
 */
export function withSetCookies(
  response: Response,
  setCookies: readonly string[] = storage.getStore()?.setCookies ?? [],
): Response {
  if (setCookies.length === 0 && !response.headers.has('set-cookie')) return response
  return editHeaders(response, (headers) => {
    for (const value of setCookies) headers.append('set-cookie', value)
    headers.set('cache-control', CACHE_CONTROL_PRIVATE)
  })
}
