// The process's cache handler: chosen from the options (or REDIS_URL), created on first use, and
// used so that a failing store never fails a request: a read that fails is a miss, a write that
// fails is skipped, and the failure is logged once until the store works again.
import { now } from './clock.ts'
import type { CacheEntry, CacheHandler } from './handler.ts'
import { MemoryCacheHandler } from './memory-handler.ts'
import { type CacheOptions, DEFAULT_CACHE_OPTIONS } from './options.ts'

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'

let options: CacheOptions = DEFAULT_CACHE_OPTIONS
let current: Promise<CacheHandler> | undefined
let failing = false
/** Invalidations not yet recorded: reads wait for them, so a render after revalidateTag() in the
 * same process never reads what it invalidated, even when the caller did not await it. */
let pendingInvalidations: Promise<void> = Promise.resolve()

async function createHandler({ handler, memory, redis }: CacheOptions): Promise<CacheHandler> {
  const url = redis.url ?? process.env.REDIS_URL
  if ((handler ?? (url ? 'redis' : 'memory')) === 'memory') return new MemoryCacheHandler(memory)
  // Loaded only when used, so that an app on the memory handler never loads a Redis client.
  const { RedisCacheHandler } = await import('./redis-handler.ts')
  return new RedisCacheHandler({ ...redis, url: url ?? DEFAULT_REDIS_URL })
}

function replaceHandler(next: Promise<CacheHandler> | undefined): void {
  const previous = current
  current = next
  failing = false
  void previous?.then((handler) => handler.close?.()).catch(() => {})
}

/**
 * Sets the options the handler is created from (the framework's `cache` options). The cache is
 * one per process: the last call before the first use wins; a later call replaces the handler.
 */
export function configureCache(next: CacheOptions): void {
  // Several handlers built with the same options (the usual case) keep the one store.
  if (JSON.stringify(next) === JSON.stringify(options) && current) return
  options = next
  replaceHandler(undefined)
}

/** Uses `handler` from now on (a custom store, or a test's); undefined goes back to the options. */
export function setCacheHandler(handler: CacheHandler | undefined): void {
  replaceHandler(handler && Promise.resolve(handler))
}

async function attempt<T>(operation: (handler: CacheHandler) => Promise<T>, fallback: T) {
  try {
    current ??= createHandler(options)
    const result = await operation(await current)
    failing = false
    return result
  } catch (error) {
    if (!failing) {
      const reason = error instanceof Error ? error.message : String(error)
      console.error(
        `[cache] The cache store failed; values are computed without it until it works again: ${reason}`,
      )
    }
    failing = true
    return fallback
  }
}

/** The entry under `key` if it is fresh: not expired, and none of its tags invalidated since. */
export async function readEntry(key: string): Promise<CacheEntry | undefined> {
  await pendingInvalidations
  return attempt(async (handler) => {
    const entry = await handler.get(key)
    if (!entry || (entry.expiresAt !== undefined && now() >= entry.expiresAt)) return undefined
    const invalidated = await handler.lastInvalidated(entry.tags)
    return invalidated >= entry.createdAt ? undefined : entry
  }, undefined)
}

export function writeEntry(key: string, entry: CacheEntry): Promise<void> {
  return attempt((handler) => handler.set(key, entry), undefined)
}

export function invalidateTags(tags: readonly string[]): Promise<void> {
  const at = now()
  const done = attempt((handler) => handler.invalidateTags(tags, at), undefined)
  pendingInvalidations = Promise.all([pendingInvalidations, done]).then(() => {})
  return done
}

/**
 * Whether any of `tags` was invalidated at or after `since` (a page rendered then is stale).
 * A failing store answers yes: rendering again is always safe.
 */
export async function invalidatedSince(tags: readonly string[], since: number): Promise<boolean> {
  await pendingInvalidations
  return attempt(async (handler) => (await handler.lastInvalidated(tags)) >= since, true)
}

/**
 * How long the store surely keeps an invalidation record (ms), if that is bounded by time: what
 * is checked against the records (a static page) must not live longer. Undefined: records are
 * kept by count, and this process's invalidations also reach its pages directly.
 */
export function invalidationRetention(): Promise<number | undefined> {
  return attempt(async (handler) => handler.invalidationsKeptMs, undefined)
}
