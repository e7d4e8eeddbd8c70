// Request memoization of fetch(), as in the App Router (docs/caching.md "Request memoization"):
// identical GET and HEAD fetches made while one request renders (a layout and its page asking
// for the same URL) go out once, and each caller gets its own clone of the answer. The fetches
// are kept in the request's store (a part of it, FETCHES), so nothing outlives the
// request nor reaches another; outside a render (no request, the middleware, a route handler, a
// server function) fetch() is the platform's, untouched. cached() stays the data cache.
import { onRevalidate } from '../cache/observers.ts'
import { maybeStore, partOf, type RequestStore, requestPart } from '../request/store.ts'

type Fetch = typeof globalThis.fetch
type Fetches = Map<string, Promise<Response>>

/** GET and HEAD fetches made while the request renders, by key. */
const FETCHES = requestPart<Fetches>('fetches', () => new Map())

/**
 * The fetches the current request made while rendering, by key; undefined outside a render:
 * outside a request, and in the middleware, a route handler or a server function, as in Next.js.
 * Each store has its own: nothing memoized in one request reaches another.
 */
function renderFetches(): Fetches | undefined {
  const store = maybeStore()
  if (store?.phase !== 'render') return undefined
  return partOf(store, FETCHES)
}

/** A render after a server function, or after a revalidation, fetches afresh. */
export function forgetFetches(store: RequestStore): void {
  if (store.parts.has(FETCHES)) partOf(store, FETCHES).clear()
}

/** Whether this module listens to revalidations yet (memoizeFetch()). */
let forgetsOnRevalidate = false

/** Kept on globalThis: the platform's fetch is wrapped once per process, whatever loads this. */
const INSTALLED = Symbol.for('rsc-framework.fetch-memo')

interface Installed {
  /** The memoized fetches of the current request: this module's, or a reloaded copy's (dev). */
  fetches: () => Fetches | undefined
}

type WithInstalled = typeof globalThis & { [INSTALLED]?: Installed }

/**
 * The key of a fetch that may be memoized, as Next.js's: the URL, method, headers and request
 * options. Undefined for one that may not: another method (it may change something), `keepalive`
 * (it outlives the render), or arguments fetch() itself refuses (the call then fails as it would).
 */
function keyOf(input: RequestInfo | URL, init: RequestInit | undefined): string | undefined {
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase()
  // Checked before a Request is made: making one from a request with a body would take its body.
  if (method !== 'GET' && method !== 'HEAD') return undefined
  let request: Request
  try {
    request = input instanceof Request && init === undefined ? input : new Request(input, init)
  } catch {
    return undefined
  }
  if (request.keepalive) return undefined
  return JSON.stringify([
    request.url,
    request.method,
    [...request.headers],
    request.mode,
    request.redirect,
    request.credentials,
    request.referrer,
    request.referrerPolicy,
    request.integrity,
  ])
}

/** `original`'s fetch, made once per key in `fetches`; every caller gets a clone of the answer. */
function memoized(
  original: Fetch,
  fetches: Fetches | undefined,
  input: RequestInfo | URL,
  init: RequestInit | undefined,
): Promise<Response> {
  // A signal means the caller controls the fetch's life: it opts out, as in Next.js.
  if (!fetches || init?.signal) return original(input, init)
  const key = keyOf(input, init)
  if (key === undefined) return original(input, init)
  let kept = fetches.get(key)
  if (!kept) {
    kept = original(input, init)
    fetches.set(key, kept)
  }
  // The kept answer is never read itself, so each clone has the whole body.
  return kept.then((response) => response.clone())
}

/**
 * Wraps globalThis.fetch to memoize within a render; called by each handler (core-state.ts).
 * Once per process: a second call (another handler, or this module loaded again by the dev
 * server) only points the wrapper at its own request stores, never wraps the wrapper.
 */
export function memoizeFetch(): void {
  // What a request fetched before it changed the data must not answer its later fetches.
  if (!forgetsOnRevalidate) {
    forgetsOnRevalidate = true
    onRevalidate(() => {
      const store = maybeStore()
      if (store) forgetFetches(store)
    })
  }
  const host = globalThis as WithInstalled
  const installed = host[INSTALLED]
  if (installed) {
    installed.fetches = renderFetches
    return
  }
  const state: Installed = { fetches: renderFetches }
  host[INSTALLED] = state
  const original = globalThis.fetch
  globalThis.fetch = (input, init) => memoized(original, state.fetches(), input, init)
}
