// A cache store: the handler chosen from the options (or REDIS_URL), created on first use, and
// used so that a failing store never serves stale data nor loses an invalidation: a read that
// fails is a miss, a write of a value that fails is skipped, and the failure is logged once until
// the store works again; an invalidation that cannot be recorded rejects, so that the request
// that asked for it fails (docs/caching.md). Each request handler owns one; code outside any
// handler uses the process's default one.
// The stores the platform offers (package.json "imports"): stores.ts on Node, stores.workers.ts
// on Cloudflare Workers, so that neither bundles the other's client.
import { createHandler } from '#framework/cache-stores'
import { startOutsideRequests } from '../server/outside-requests.ts'
import { now } from './clock.ts'
import type { CacheEntry, CacheHandler } from './handler.ts'
import { type CacheOptions, DEFAULT_CACHE_OPTIONS } from './options.ts'

/** A cached() value as stored, and as concurrent callers share its computation. */
export interface Computed {
  bytes: Uint8Array
  tags: string[]
  /** When its computation started (cache clock): invalidations since then make it stale. */
  createdAt: number
  /** On the cache's clock; undefined when it never expires. */
  expiresAt: number | undefined
}

export class CacheStorage {
  /** Fixed when the store is made: a handler's come from its config (server/core-state.ts). */
  private readonly options: CacheOptions
  private current: Promise<CacheHandler> | undefined
  private failing = false
  /** Invalidations not yet recorded: reads wait for them, so a render after revalidateTag() in
   * the same process never reads what it invalidated, even when the caller did not await it. */
  private pendingInvalidations: Promise<void> = Promise.resolve()
  /** cached() lookups and computations under way in this store, by key (cached.ts). */
  readonly inFlight = new Map<string, Promise<Computed>>()
  /** Told of each invalidation made through this store (its handler's static pages listen). */
  private readonly invalidationListeners = new Set<(tags: readonly string[]) => void>()

  constructor(options: CacheOptions = DEFAULT_CACHE_OPTIONS, handler?: CacheHandler) {
    this.options = options
    this.current = handler && Promise.resolve(handler)
  }

  private replaceHandler(next: Promise<CacheHandler> | undefined): void {
    const previous = this.current
    this.current = next
    this.failing = false
    void previous?.then((handler) => handler.close?.()).catch(() => {})
  }

  /** Uses `handler` from now on (a custom store, or a test's); undefined goes back to the options. */
  setHandler(handler: CacheHandler | undefined): void {
    this.replaceHandler(handler && Promise.resolve(handler))
  }

  /** Runs `operation` on the handler; a failure is logged once until the store works again. */
  private async run<T>(operation: (handler: CacheHandler) => Promise<T>): Promise<T> {
    try {
      // Its connections and timers outlive the request that happens to open them.
      this.current ??= startOutsideRequests(() => createHandler(this.options))
      const result = await operation(await this.current)
      this.failing = false
      return result
    } catch (error) {
      if (!this.failing) {
        const reason = error instanceof Error ? error.message : String(error)
        console.error(
          `[cache] The cache store failed; values are computed without it until it works again: ${reason}`,
        )
      }
      this.failing = true
      throw error
    }
  }

  /** `operation`, or `fallback` when the store fails: reads and values may fail quietly. */
  private async attempt<T>(operation: (handler: CacheHandler) => Promise<T>, fallback: T) {
    try {
      return await this.run(operation)
    } catch {
      return fallback
    }
  }

  /** The entry under `key` if it is fresh: not expired, and none of its tags invalidated since. */
  async readEntry(key: string): Promise<CacheEntry | undefined> {
    await this.pendingInvalidations
    return this.attempt(async (handler) => {
      const entry = await handler.get(key)
      if (!entry || (entry.expiresAt !== undefined && now() >= entry.expiresAt)) return undefined
      const invalidated = await handler.lastInvalidated(entry.tags)
      return invalidated >= entry.createdAt ? undefined : entry
    }, undefined)
  }

  writeEntry(key: string, entry: CacheEntry): Promise<void> {
    return this.attempt((handler) => handler.set(key, entry), undefined)
  }

  /** Calls `listener` with the tags of every invalidation made through this store. */
  onInvalidate(listener: (tags: readonly string[]) => void): void {
    this.invalidationListeners.add(listener)
  }

  /**
   * Records that `tags` were invalidated now. Rejects when the store cannot record it: other
   * processes would go on serving what it invalidated, so the caller must fail rather than answer
   * as if it had (docs/caching.md, "If the store fails"). This process's own kept computations and
   * pages are dropped either way.
   */
  invalidateTags(tags: readonly string[]): Promise<void> {
    // New callers must not join a computation that may have read the old data.
    this.inFlight.clear()
    for (const listener of this.invalidationListeners) listener(tags)
    const at = now()
    const done = this.run((handler) => handler.invalidateTags(tags, at)).catch((error: unknown) => {
      const reason = error instanceof Error ? error.message : String(error)
      const failure = new Error(
        `[cache] The invalidation of ${tags.map((tag) => JSON.stringify(tag)).join(', ')} could not be recorded in the cache store, so other processes would not see it: ${reason}`,
        { cause: error },
      )
      // Every one, not once per outage: a caller that did not await it sees nothing else.
      console.error(failure.message)
      throw failure
    })
    // Reads wait for it, whether it was recorded or not; only its caller sees the failure (and
    // a caller that does not await it does not crash the process with an unhandled rejection).
    const settled = done.then(
      () => {},
      () => {},
    )
    this.pendingInvalidations = Promise.all([this.pendingInvalidations, settled]).then(() => {})
    hooks.invalidated(done)
    return done
  }

  /**
   * Whether any of `tags` was invalidated at or after `since` (a page rendered then is stale).
   * A failing store answers yes: rendering again is always safe.
   */
  async invalidatedSince(tags: readonly string[], since: number): Promise<boolean> {
    await this.pendingInvalidations
    return this.attempt(async (handler) => (await handler.lastInvalidated(tags)) >= since, true)
  }

  /**
   * How long the store surely keeps an invalidation record (ms), if that is bounded by time: what
   * is checked against the records (a static page) must not live longer. Undefined: records are
   * kept by count, and this process's invalidations also reach its pages directly.
   */
  invalidationRetention(): Promise<number | undefined> {
    return this.attempt(async (handler) => handler.invalidationsKeptMs, undefined)
  }
}

/** The store of code that runs outside any request handler (scripts, tests). */
const processStorage = new CacheStorage()

/** The process's default store: what code outside any handler reads and writes. */
export function defaultCacheStorage(): CacheStorage {
  return processStorage
}

/** Uses `handler` for the process's default store; undefined goes back to the options. */
export function setCacheHandler(handler: CacheHandler | undefined): void {
  processStorage.setHandler(handler)
}

/**
 * What the cache learns from the code that serves requests, through hooks that code registers
 * (server/request-store.ts): the current request's store and page path. The cache imports nothing of
 * the server.
 */
export interface CacheRequestHooks {
  storage(): CacheStorage | undefined
  pathname(): string | undefined
  /** The current request's own calls, by key: equal calls in one request share one result. */
  requestCalls(): Map<string, Promise<Computed>> | undefined
  /**
   * Hands the request an invalidation it asked for, so that its answer fails if the store could
   * not record it, whether the app awaited revalidateTag() or not.
   */
  invalidated(done: Promise<void>): void
}

let hooks: CacheRequestHooks = {
  storage: () => undefined,
  pathname: () => undefined,
  requestCalls: () => undefined,
  invalidated: () => {},
}

export function registerCacheRequestHooks(next: CacheRequestHooks): void {
  hooks = next
}

/** The store of the request being handled, or the process's default one. */
export function currentStorage(): CacheStorage {
  return hooks.storage() ?? processStorage
}

/** The cached() calls of the request being handled (none outside one): cached.ts. */
export function currentRequestCalls(): Map<string, Promise<Computed>> | undefined {
  return hooks.requestCalls()
}

/** The path of the page the current request is about, if any: cached() tags entries with it. */
export function currentPathname(): string | undefined {
  return hooks.pathname()
}
