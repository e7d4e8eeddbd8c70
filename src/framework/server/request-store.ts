// The per-request store: the request, its cookies and what the response must carry back.
// AsyncLocalStorage keeps concurrent requests apart without passing a context through props.
import { AsyncLocalStorage } from 'node:async_hooks'
import { parseCookie, type SerializeOptions, stringifySetCookie } from 'cookie'
import { onRevalidate } from '../cache/observers.ts'
import { currentScope } from '../cache/scope.ts'
import type { FrameworkConfig } from '../config.ts'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'
import { CACHE_CONTROL_PRIVATE, parseRequest } from '../wire/protocol.ts'

/** Where the code runs decides whether cookies may be written (as in Next.js). */
export type RequestPhase = 'render' | 'action' | 'handler'

interface RequestStore {
  request: Request
  phase: RequestPhase
  cookies: Map<string, string>
  /** Set-Cookie values to send with the response. */
  setCookies: string[]
  /** Why this render is dynamic, if it is; undefined while it could still be static. */
  dynamicReason?: string
  /** The page's path (payload suffix removed), once requestPathname() has asked for it. */
  pathname?: string
  /** A force-static render: cookies, headers and search params read as empty. */
  hidden?: boolean
  /** The settings of the handler serving this request (several handlers may share a process). */
  config?: FrameworkConfig
  /** Set when this request called revalidateTag() or revalidatePath(). */
  revalidated?: boolean
  /** Errors and interrupts thrown while rendering, in order, with where each belongs. */
  renderErrors: RecordedError[]
  segmentDepths: WeakMap<object, number>
}

export interface RecordedError {
  digest: string
  interrupt: Interrupt | null
  /** Depth in the route's folder chain of the boundary that should catch it, if known. */
  depth: number | undefined
}

const storage = new AsyncLocalStorage<RequestStore>()

export function runWithRequest<T>(
  request: Request,
  fn: () => T,
  phase: RequestPhase = 'render',
): T {
  const parsed = parseCookie(request.headers.get('cookie') ?? '')
  const cookies = new Map<string, string>()
  for (const [name, value] of Object.entries(parsed))
    if (value !== undefined) cookies.set(name, value)
  return storage.run(
    { request, phase, cookies, setCookies: [], renderErrors: [], segmentDepths: new WeakMap() },
    fn,
  )
}

function currentStore(api: string): RequestStore {
  const store = storage.getStore()
  if (!store) {
    throw new Error(
      `${api} was called outside a request. Call it from a server component, a server function or a route handler while it handles a request.`,
    )
  }
  return store
}

/**
 * Runs `fn` as a request of its own for `request`, with the current request's settings: a render
 * whose result is shared with other visitors (a static page) must see nothing of this one, so
 * `request` should carry no more than the page's URL.
 */
export function runDetached<T>(request: Request, fn: () => T): T {
  const config = requestConfig()
  return runWithRequest(request, () => {
    if (config) setRequestConfig(config)
    return fn()
  })
}

/** Moves the store into a new phase, e.g. from running a server function to rendering. */
export function setRequestPhase(phase: RequestPhase): void {
  currentStore('setRequestPhase()').phase = phase
}

export function setRequestConfig(config: FrameworkConfig): void {
  currentStore('setRequestConfig()').config = config
}

/** The settings of the handler serving the current request. */
export function requestConfig(): FrameworkConfig | undefined {
  return storage.getStore()?.config
}

/** For a force-static render: what it produces is shared, so it must not see the request. */
export function hideRequestData(): void {
  currentStore('hideRequestData()').hidden = true
}

export function isRequestHidden(): boolean {
  return storage.getStore()?.hidden === true
}

/** Where the current request runs, undefined outside one (draft-mode.ts, connection.ts). */
export function requestPhase(): RequestPhase | undefined {
  return storage.getStore()?.phase
}

/** A cookie the request sent, read without making the render dynamic (draft-mode.ts). */
export function requestCookie(name: string): string | undefined {
  return storage.getStore()?.cookies.get(name)
}

/** Records that the current render depends on the request, so it cannot be served statically. */
export function markDynamic(reason: string): void {
  const store = storage.getStore()
  if (store && store.dynamicReason === undefined) store.dynamicReason = reason
}

/** Called by a segment's component wrapper: errors it throws belong to that depth's boundary. */
export function noteSegmentDepth(error: unknown, depth: number): void {
  const store = storage.getStore()
  if (store && typeof error === 'object' && error !== null && !store.segmentDepths.has(error)) {
    store.segmentDepths.set(error, depth)
  }
}

/** Called from React's onError: remembers what failed where, for the document's answer. */
export function recordRenderError(error: unknown, digest: string): void {
  const store = storage.getStore()
  if (!store) return
  const depth =
    typeof error === 'object' && error !== null ? store.segmentDepths.get(error) : undefined
  store.renderErrors.push({ digest, interrupt: parseInterrupt(error), depth })
}

type RecordedInterrupt = RecordedError & { interrupt: Interrupt }

/** The interrupt a document answers with: redirects win over fallbacks; the first thrown wins. */
export function decisiveInterrupt(): RecordedInterrupt | undefined {
  const recorded = (storage.getStore()?.renderErrors ?? []).filter(
    (r): r is RecordedInterrupt => r.interrupt !== null,
  )
  return recorded.find((r) => r.interrupt.kind === 'redirect') ?? recorded[0]
}

/** Whether anything failed or interrupted the render so far: such a render is not kept. */
export function hadRenderErrors(): boolean {
  return (storage.getStore()?.renderErrors.length ?? 0) > 0
}

/** Whether the rsc render of this request reported an error with this digest. */
export function isRecordedRenderError(digest: string): boolean {
  return storage.getStore()?.renderErrors.some((r) => r.digest === digest) === true
}

/** What the current render recorded as thrown, for a request that serves its result. */
export function recordedErrors(): readonly RecordedError[] {
  return [...(storage.getStore()?.renderErrors ?? [])]
}

/** Takes over what a render made in a store of its own (a detached one) recorded as thrown. */
export function adoptRecordedErrors(errors: readonly RecordedError[]): void {
  storage.getStore()?.renderErrors.push(...errors)
}

/** Where the error with this digest was thrown, if that is known. */
export function recordedErrorDepth(digest: string): number | undefined {
  return storage.getStore()?.renderErrors.find((r) => r.digest === digest)?.depth
}

// revalidateTag() and revalidatePath() run inside the request that calls them.
onRevalidate(() => {
  const store = storage.getStore()
  if (store) store.revalidated = true
})

/** Whether this request revalidated cached data: its client must not reuse cached pages. */
export function didRevalidate(): boolean {
  return storage.getStore()?.revalidated === true
}

export function getDynamicReason(): string | undefined {
  return storage.getStore()?.dynamicReason
}

/**
 * Adds the Set-Cookie headers that server code asked for to `response`. An answer that sets a
 * cookie, these or the app's own, is `Cache-Control: private, no-store`: no cache may hand one
 * visitor's cookie to another.
 */
export function withSetCookies(response: Response): Response {
  const setCookies = storage.getStore()?.setCookies ?? []
  if (setCookies.length === 0 && !response.headers.has('set-cookie')) return response
  const finish = (target: Response) => {
    for (const value of setCookies) target.headers.append('set-cookie', value)
    target.headers.set('cache-control', CACHE_CONTROL_PRIVATE)
    return target
  }
  try {
    return finish(response)
  } catch {
    // Responses from Response.redirect() or fetch() have immutable headers: copy first.
    return finish(new Response(response.body, response))
  }
}

export interface Cookie {
  name: string
  value: string
}

export interface CookieStore {
  get(name: string): Cookie | undefined
  getAll(): Cookie[]
  has(name: string): boolean
  /** Only in server functions and route handlers: a render cannot change its response's headers. */
  set(name: string, value: string, options?: SerializeOptions): void
  delete(name: string): void
}

function cookieStore(store: RequestStore): CookieStore {
  const assertWritable = (method: string) => {
    if (store.phase === 'render') {
      throw new Error(
        `cookies().${method}() can only be called in a server function or a route handler, not while rendering a component.`,
      )
    }
  }
  return {
    get: (name) => {
      const value = store.cookies.get(name)
      return value === undefined ? undefined : { name, value }
    },
    getAll: () => [...store.cookies].map(([name, value]) => ({ name, value })),
    has: (name) => store.cookies.has(name),
    set(name, value, options) {
      assertWritable('set')
      store.cookies.set(name, value)
      store.setCookies.push(stringifySetCookie(name, value, { path: '/', ...options }))
    },
    delete(name) {
      assertWritable('delete')
      store.cookies.delete(name)
      store.setCookies.push(stringifySetCookie(name, '', { path: '/', maxAge: 0 }))
    },
  }
}

/** A cached value is shared by every request, so it must not be computed from one request's data. */
function refuseInsideCached(api: string): void {
  const scope = currentScope()
  if (scope) {
    throw new Error(
      `${api} was called inside cached(${scope.name}). A cached value is shared by all requests, so it must not depend on one request's cookies or headers. Read ${api} outside the cached function and pass what you need to it as an argument.`,
    )
  }
}

/** The path of the page the current request is about (payload suffix removed); the cache tags
 * what a request computes with it, for revalidatePath(). */
export function requestPathname(): string | undefined {
  const store = storage.getStore()
  if (!store) return undefined
  // Parsed once per request: cached() asks on every call.
  store.pathname ??= parseRequest(store.request).url.pathname
  return store.pathname
}

/** The request's cookies, as in Next.js 15+: awaitable, and reading them makes the render dynamic. */
export function cookies(): Promise<CookieStore> {
  refuseInsideCached('cookies()')
  const store = currentStore('cookies()')
  if (store.hidden) return Promise.resolve(cookieStore({ ...store, cookies: new Map() }))
  markDynamic('cookies()')
  return Promise.resolve(cookieStore(store))
}

/** The request's headers, read-only; reading them makes the render dynamic. */
export function headers(): Promise<Headers> {
  refuseInsideCached('headers()')
  const store = currentStore('headers()')
  if (store.hidden) return Promise.resolve(readOnlyHeaders(new Headers()))
  markDynamic('headers()')
  return Promise.resolve(readOnlyHeaders(store.request.headers))
}

function readOnlyHeaders(source: Headers): Headers {
  const copy = new Headers(source)
  const refuse = () => {
    throw new Error('headers() is read-only; set response headers in a route handler instead.')
  }
  copy.set = refuse
  copy.append = refuse
  copy.delete = refuse
  return copy
}
