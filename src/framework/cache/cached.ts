// cached() and cacheTag(): memoize an async function's results across requests, by arguments.

// value.ts (node:v8) on Node, value.workers.ts on Cloudflare Workers (package.json "imports").
import { fromBytes, toBytes } from '#framework/cache-value'
import { earliest, now } from './clock.ts'
import { argumentsKey, functionIdentity, rememberIdentity } from './key.ts'
import { noteCacheUse } from './observers.ts'
import { currentPathname, currentRequestCalls, currentStorage } from './request-part.ts'
import { type CacheScope, currentScope, runInScope } from './scope.ts'
import type { Computed } from './storage.ts'
import { limitTags, pathTag } from './tags.ts'

export interface CachedOptions {
  /** Tags of every entry, for revalidateTag(). */
  tags?: string[]
  /** Seconds an entry stays fresh; absent: until a tag or path of it is revalidated. */
  revalidate?: number
  /** The function's identity in keys, instead of its name and source text (key.ts). */
  key?: string
}

async function lookupOrCompute(
  key: string,
  run: () => Promise<unknown>,
  name: string,
  options: CachedOptions,
): Promise<Computed> {
  const storage = currentStorage()
  const entry = await storage.readEntry(key)
  if (entry) {
    const { value, tags, createdAt, expiresAt } = entry
    return { bytes: value, tags, createdAt, expiresAt }
  }

  const createdAt = now()
  // The implicit path tag comes first, so that the limits never drop it.
  const pathname = currentPathname()
  const scope: CacheScope = {
    name,
    tags: [...(pathname ? [pathTag(pathname)] : []), ...(options.tags ?? [])],
  }
  const bytes = toBytes(await runInScope(scope, run), name)
  const tags = limitTags(scope.tags, name)
  const { revalidate } = options
  const own = revalidate === undefined ? undefined : createdAt + revalidate * 1000
  // Built from nested entries: it goes stale when the first of them does.
  const expiresAt = earliest(own, scope.expiresAt)
  if (expiresAt === undefined || expiresAt > createdAt) {
    await storage.writeEntry(key, { value: bytes, tags, createdAt, expiresAt })
  }
  return { bytes, tags, createdAt, expiresAt }
}

/** The computation of `key` under way in this store, joined, or a new one. */
function computation(
  key: string,
  run: () => Promise<unknown>,
  name: string,
  options: CachedOptions,
): { computed: Promise<Computed>; joined: boolean } {
  // Shared only within one store: two apps in one process never share a computation.
  const { inFlight } = currentStorage()
  const under = inFlight.get(key)
  if (under) return { computed: under, joined: true }
  const computed = lookupOrCompute(key, run, name, options).finally(() => {
    if (inFlight.get(key) === computed) inFlight.delete(key)
  })
  inFlight.set(key, computed)
  return { computed, joined: false }
}

/**
 * A computation of `key` joined or started in this store. A joined computation began before this
 * call. This process's own invalidations stop new joins at once (storage.ts), but another
 * process's (through a shared store) do not: if the value went stale meanwhile, this call may
 * have come after the invalidation, and gets a new value, as it would have alone. The caller that
 * started it is not checked: it came first.
 */
async function computeShared(
  key: string,
  run: () => Promise<unknown>,
  name: string,
  options: CachedOptions,
): Promise<Computed> {
  const first = computation(key, run, name, options)
  const result = await first.computed
  if (first.joined && (await currentStorage().invalidatedSince(result.tags, result.createdAt))) {
    return computation(key, run, name, options).computed
  }
  return result
}

/**
 * `fn`, memoized across requests by its arguments (docs/caching.md). Every caller gets its own
 * copy of the value. Equal arguments in flight at the same time share one computation.
 */
export function cached<Args extends unknown[], Result>(
  fn: (...args: Args) => Promise<Result>,
  options: CachedOptions = {},
  /** Where this call is in the app's code: written by the framework's Vite plugin (key.ts). */
  site?: string,
): (...args: Args) => Promise<Result> {
  const name = options.key ?? (fn.name || 'anonymous function')
  const { revalidate } = options
  if (revalidate !== undefined && !(revalidate >= 0)) {
    throw new Error(`cached(${name}): revalidate must be a number of seconds, 0 or more.`)
  }
  const identity = functionIdentity(fn, options.key, site)

  const memoized = async (...args: Args): Promise<Result> => {
    const key = `${identity}:${argumentsKey(args, name)}`
    // Within one render, equal calls share one result (a page and its generateMetadata read the
    // data once), whatever `revalidate` says; the request's own map, never another visitor's.
    const requestCalls = currentRequestCalls()
    let shared = requestCalls?.get(key)
    if (!shared) {
      shared = computeShared(key, () => fn(...args), name, options)
      if (requestCalls) {
        const own = shared
        requestCalls.set(key, own)
        // A call that failed is tried again by the next one (errors are not cached).
        own.catch(() => {
          if (requestCalls.get(key) === own) requestCalls.delete(key)
        })
      }
    }
    const result = await shared
    const { bytes, tags, expiresAt } = result
    // An enclosing cached() entry is built from this one: invalidating this one's tags must
    // invalidate it too, and it expires when this one does.
    const enclosing = currentScope()
    if (enclosing) {
      enclosing.tags.push(...tags)
      enclosing.expiresAt = earliest(enclosing.expiresAt, expiresAt)
    }
    noteCacheUse(tags, expiresAt)
    return fromBytes<Result>(bytes)
  }
  rememberIdentity(memoized, identity)
  // Error messages and a cached() of this function then name what it memoizes.
  Object.defineProperty(memoized, 'name', { value: name })
  return memoized
}

/** Adds tags to the entry being computed; only inside a function given to cached(). */
export function cacheTag(...tags: string[]): void {
  const scope = currentScope()
  if (!scope) {
    throw new Error(
      'cacheTag() was called outside a cached() function. It tags the entry being computed: call it inside the function given to cached().',
    )
  }
  scope.tags.push(...tags)
}
