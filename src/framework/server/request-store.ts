// The pipeline's side of the request's store (request/store.ts): it makes each request's store,
// with the handler serving it and the cookies the middleware set, runs code in it, and makes the
// answer say what the request did: the cookies it set, whether it read request data (then no
// cache may keep the answer), whether it changed data (its client forgets its pages).
import { CACHE_REQUEST } from '../cache/request-part.ts'
import { getDynamicReason } from '../request/dynamic-reads.ts'
import {
  createStore,
  currentPart,
  currentStore,
  givePart,
  maybeStore,
  partOf,
  type RequestPhase,
  type RequestStore,
  requestPart,
  runInStore,
} from '../request/store.ts'
import { CACHE_CONTROL_PRIVATE, type ParsedRequest, parseRequest } from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import { forgetFetches } from './fetch-memo.ts'
import { cookiesOf, REQUEST_COOKIES } from './request-cookies.ts'

export type { RequestPhase, RequestStore } from '../request/store.ts'

/** What a request's store starts from besides the request itself. */
export interface RequestContext {
  /** The handler serving it (several may share a process); absent outside one. */
  core?: Core
  parsed?: ParsedRequest
  /** The URL the browser asked for, when the middleware rewrote it to `parsed.url`. */
  shownUrl?: URL
  /**
   * The Set-Cookie lines the middleware sent with its next() or rewrite()
   * (server/middleware-run.ts): the route's cookies() reads the request's cookies with them
   * applied, as in Next.js.
   */
  cookiesSet?: readonly string[]
}

/** This module's part: who serves the request, and what the middleware made of it. */
const SERVED = requestPart<Pick<RequestContext, 'core' | 'shownUrl'>>('handler', () => ({}))

/** Set by refresh() in a server function (action-apis.ts): its client forgets its pages. */
export const REFRESHED = requestPart('refresh()', () => ({ called: false }))

/** A store for `request`, to run code in with runInStore(). */
export function createRequestStore(
  request: Request,
  phase: RequestPhase,
  context: RequestContext = {},
): RequestStore {
  const store = createStore(request, context.parsed ?? parseRequest(request), phase)
  givePart(store, SERVED, { core: context.core, shownUrl: context.shownUrl })
  if (context.cookiesSet?.length) {
    givePart(store, REQUEST_COOKIES, cookiesOf(request, context.cookiesSet))
  }
  // Its cached() data lives in its handler's store (core-state.ts); "use cache" renders with its
  // handler's React and reads its cacheLife profiles.
  const { core } = context
  if (core) {
    const cache = partOf(store, CACHE_REQUEST)
    cache.storage = core.cache
    cache.useCache = { flight: core.react, profiles: core.config.cacheLife }
  }
  return store
}

export function runWithRequest<T>(
  request: Request,
  fn: () => T,
  phase: RequestPhase = 'render',
  context: RequestContext = {},
): T {
  return runInStore(createRequestStore(request, phase, context), fn)
}

/**
 * Runs `fn` as a request of its own for `request`, served by `core`: a render whose result is
 * shared with other visitors (a static page) must see nothing of this one, so `request` should
 * carry no more than the page's URL.
 */
export function runDetached<T>(core: Core, request: Request, fn: () => T): T {
  return runWithRequest(request, fn, 'render', { core })
}

/** The handler serving the current request, for the user-facing APIs (draft-mode.ts). */
export function servingCore(): Core | undefined {
  return currentPart(SERVED)?.core
}

/**
 * The URL the browser shows when the middleware rewrote this request (usePathname() shows it, as
 * in Next.js); undefined when it did not. A rewritten page is rendered for its request alone.
 */
export function rewrittenFrom(): URL | undefined {
  return currentPart(SERVED)?.shownUrl
}

/** Moves the store into a new phase, e.g. from running a server function to rendering. */
export function setRequestPhase(phase: RequestPhase): void {
  const store = currentStore('setRequestPhase()')
  store.phase = phase
  // A render after a server function reads afresh what the function may have changed.
  partOf(store, CACHE_REQUEST).calls?.clear()
  forgetFetches(store)
}

/** Where the current request runs, undefined outside one (draft-mode.ts, connection.ts). */
export function requestPhase(): RequestPhase | undefined {
  return maybeStore()?.phase
}

/** A cookie the request sent, read without making the render dynamic (draft-mode.ts). */
export function requestCookie(name: string): string | undefined {
  return currentPart(REQUEST_COOKIES)?.values.get(name)
}

/**
 * Waits until the store has recorded every invalidation the current request asked for, and
 * rejects if it could not record one: a route handler or server function that revalidated then
 * fails (500, or a rejected call) instead of answering as if other processes would see it, even
 * when it did not await revalidateTag() (docs/caching.md, "If the store fails").
 */
export async function invalidationsRecorded(): Promise<void> {
  const cache = currentPart(CACHE_REQUEST)
  if (!cache?.invalidations.length) return
  const pending = cache.invalidations
  cache.invalidations = []
  await Promise.all(pending)
}

/**
 * Whether this request revalidated cached data, or a server function in it called refresh(): its
 * client must not reuse the pages it kept.
 */
export function didRevalidate(): boolean {
  return currentPart(CACHE_REQUEST)?.revalidated === true || currentPart(REFRESHED)?.called === true
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
 * connection(), draft mode: request/dynamic-reads.ts) is `Cache-Control: private, no-store`,
 * unless the app chose its own: a redirect to /sign-in for a visitor without a session, or a route
 * handler's answer for one user, must not be kept for the next request (docs/protocol.md,
 * "Caching: who may keep an answer").
 */
export function withRequestCaching(response: Response): Response {
  if (getDynamicReason() === undefined) return response
  return privateUnlessSet(response)
}

/**
 * Adds the Set-Cookie headers that server code asked for to `response` (the current request's,
 * unless given). An answer that sets a cookie, these or the app's own, is `Cache-Control:
 * private, no-store`: no cache may hand one visitor's cookie to another.
 */
export function withSetCookies(
  response: Response,
  setCookies: readonly string[] = currentPart(REQUEST_COOKIES)?.setCookies ?? [],
): Response {
  if (setCookies.length === 0 && !response.headers.has('set-cookie')) return response
  return editHeaders(response, (headers) => {
    for (const value of setCookies) headers.append('set-cookie', value)
    headers.set('cache-control', CACHE_CONTROL_PRIVATE)
  })
}
