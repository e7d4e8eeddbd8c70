// The cache's part of the request's store (request/store.ts): which handler's store it uses (and
// the Flight functions and cacheLife profiles of "use cache"), the cached() calls it made, the
// invalidations it asked for. The cache reads the request through
// this part only.
import { currentPart, maybeStore, partOf, requestPart } from '../request/store.ts'
import type { UseCacheHost } from './flight.ts'
import { type CacheStorage, type Computed, defaultCacheStorage } from './storage.ts'

export interface CacheRequest {
  /** The handler's store (server/core-state.ts); undefined: the process's default one. */
  storage?: CacheStorage
  /** What "use cache" functions need of the handler (use-cache.ts); undefined outside one. */
  useCache?: UseCacheHost
  /** cached() calls made in this request, by key (cached.ts); made on first use. */
  calls?: Map<string, Promise<Computed>>
  /** Invalidations this request asked for and has not yet waited for. */
  invalidations: Promise<void>[]
  /** Set when this request called revalidateTag() or revalidatePath(). */
  revalidated: boolean
}

export const CACHE_REQUEST = requestPart<CacheRequest>('cache', () => ({
  invalidations: [],
  revalidated: false,
}))

/** The store of the request being handled (its handler's), or the process's default one. */
export function currentStorage(): CacheStorage {
  return currentPart(CACHE_REQUEST)?.storage ?? defaultCacheStorage()
}

/** What "use cache" needs of the handler serving the current request; undefined outside one. */
export function currentUseCacheHost(): UseCacheHost | undefined {
  return currentPart(CACHE_REQUEST)?.useCache
}

/** The current request's part; undefined outside a request. */
export function currentCacheRequest(): CacheRequest | undefined {
  return currentPart(CACHE_REQUEST)
}

/**
 * The current request's own cached() calls, by key: equal calls in one render share one result.
 * Within a render only (a page, its layouts and their metadata read the data once), as React's
 * cache() is: a route handler or a server function that reads again sees what is there now.
 */
export function currentRequestCalls(): Map<string, Promise<Computed>> | undefined {
  const store = maybeStore()
  if (store?.phase !== 'render') return undefined
  const part = partOf(store, CACHE_REQUEST)
  part.calls ??= new Map()
  return part.calls
}

/** The path of the page the current request is about, if any: cached() tags entries with it. */
export function currentPathname(): string | undefined {
  return maybeStore()?.parsed.url.pathname
}
