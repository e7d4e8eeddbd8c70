// The per-request store: the request, parsed once, and where it runs, plus the parts other
// modules keep for it, each typed and owned by the module that uses it (requestPart()): the
// cookies (server/request-cookies.ts), what a render read (dynamic-reads.ts), what it threw
// (server/render-errors.ts), the cache's calls and invalidations (cache/request-part.ts), the
// memoized fetches (server/fetch-memo.ts), the handler serving it (server/request-store.ts).
// AsyncLocalStorage keeps concurrent requests apart: the user-facing APIs (cookies(), headers(),
// cached(), after(), …) find their request without being passed one.
import { AsyncLocalStorage } from 'node:async_hooks'
import type { ParsedRequest } from '../wire/protocol.ts'

/**
 * Where the code runs decides whether cookies may be written (as in Next.js), and whether
 * fetch() and cached() calls are shared within the request. `middleware`: before routing.
 */
export type RequestPhase = 'render' | 'action' | 'handler' | 'middleware'

/** A part of the store: a name for errors, and what it starts as in each request. */
export interface RequestPart<T> {
  readonly name: string
  create(store: RequestStore): T
}

export interface RequestStore {
  request: Request
  /** The request as the protocol reads it, parsed once (wire/protocol.ts). */
  parsed: ParsedRequest
  phase: RequestPhase
  /** Each part's value, made on first use (partOf()). */
  readonly parts: Map<RequestPart<unknown>, unknown>
}

const storage = new AsyncLocalStorage<RequestStore>()

/** A part owned by the module that declares it. */
export function requestPart<T>(name: string, create: (store: RequestStore) => T): RequestPart<T> {
  return { name, create }
}

/** `store`'s value of `part`, made the first time it is asked for. */
export function partOf<T>(store: RequestStore, part: RequestPart<T>): T {
  if (store.parts.has(part as RequestPart<unknown>)) {
    return store.parts.get(part as RequestPart<unknown>) as T
  }
  const value = part.create(store)
  store.parts.set(part as RequestPart<unknown>, value)
  return value
}

/** A store for `request`, its parts empty until used or given. */
export function createStore(
  request: Request,
  parsed: ParsedRequest,
  phase: RequestPhase,
): RequestStore {
  return { request, parsed, phase, parts: new Map() }
}

/** Sets `part` of `store` to `value` before anything reads it (what the pipeline hands on). */
export function givePart<T>(store: RequestStore, part: RequestPart<T>, value: T): void {
  store.parts.set(part as RequestPart<unknown>, value)
}

/** Runs `fn` inside `store`: cookies(), headers() and the rest read it. */
export function runInStore<T>(store: RequestStore, fn: () => T): T {
  return storage.run(store, fn)
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

/** `part` of the current request's store; undefined outside a request. */
export function currentPart<T>(part: RequestPart<T>): T | undefined {
  const store = storage.getStore()
  return store && partOf(store, part)
}
