// What every cached function does with a key, whatever its value's form (cached()'s node:v8
// bytes, "use cache"'s RSC payload): read the entry, or compute it once for everyone who asks
// meanwhile, store it with its tags and expiry, and tell the enclosing computation and the
// render what it read.
import { earliest, now } from './clock.ts'
import { noteCacheUse, trackCacheRead } from './observers.ts'
import { currentPathname, currentRequestCalls, currentStorage } from './request-part.ts'
import { type CacheScope, currentScope, runInScope } from './scope.ts'
import type { Computed } from './storage.ts'
import { limitTags, pathTag } from './tags.ts'

/** One call of a cached function, by key. */
export interface CachedCall {
  key: string
  /** The function's name, for warnings about its tags. */
  name: string
  /** How errors thrown inside name it (scope.ts). */
  label: string
  /** Tags of every entry. */
  tags?: readonly string[]
  /** Seconds an entry stays fresh; cacheLife() inside may ask for less. */
  revalidate?: number
  /** Seconds, when neither `revalidate` nor cacheLife() says (a "use cache" function's default). */
  defaultRevalidate?: number
  /** Runs the function (inside its scope) and gives its value as bytes; a throw is not stored. */
  produce(): Promise<Uint8Array>
}

async function lookupOrCompute(call: CachedCall): Promise<Computed> {
  const storage = currentStorage()
  const entry = await storage.readEntry(call.key)
  if (entry) {
    const { value, tags, createdAt, expiresAt } = entry
    return { bytes: value, tags, createdAt, expiresAt }
  }

  const createdAt = now()
  // The implicit path tag comes first, so that the limits never drop it.
  const pathname = currentPathname()
  const scope: CacheScope = {
    name: call.name,
    label: call.label,
    tags: [...(pathname ? [pathTag(pathname)] : []), ...(call.tags ?? [])],
  }
  const bytes = await runInScope(scope, call.produce)
  const tags = limitTags(scope.tags, call.name)
  const lifetime = earliest(call.revalidate, scope.revalidate) ?? call.defaultRevalidate
  const own = lifetime === undefined ? undefined : createdAt + lifetime * 1000
  // Built from nested entries: it goes stale when the first of them does.
  const expiresAt = earliest(own, scope.expiresAt)
  if (expiresAt === undefined || expiresAt > createdAt) {
    await storage.writeEntry(call.key, { value: bytes, tags, createdAt, expiresAt })
  }
  return { bytes, tags, createdAt, expiresAt }
}

/** The computation of the key under way in this store, joined, or a new one. */
function computation(call: CachedCall): { computed: Promise<Computed>; joined: boolean } {
  // Shared only within one store: two apps in one process never share a computation.
  const { inFlight } = currentStorage()
  const under = inFlight.get(call.key)
  if (under) return { computed: under, joined: true }
  const computed = lookupOrCompute(call).finally(() => {
    if (inFlight.get(call.key) === computed) inFlight.delete(call.key)
  })
  inFlight.set(call.key, computed)
  return { computed, joined: false }
}

/**
 * A computation of the key joined or started in this store. A joined computation began before
 * this call. This process's own invalidations stop new joins at once (storage.ts), but another
 * process's (through a shared store) do not: if the value went stale meanwhile, this call may
 * have come after the invalidation, and gets a new value, as it would have alone. The caller that
 * started it is not checked: it came first.
 */
async function computeShared(call: CachedCall): Promise<Computed> {
  const first = computation(call)
  const result = await first.computed
  if (first.joined && (await currentStorage().invalidatedSince(result.tags, result.createdAt))) {
    return computation(call).computed
  }
  return result
}

/** The value's bytes for `call`: from this render's earlier equal call, the store, or computed. */
export async function readThrough(call: CachedCall): Promise<Uint8Array> {
  const { key } = call
  // Within one render, equal calls share one result (a page and its generateMetadata read the
  // data once), whatever `revalidate` says; the request's own map, never another visitor's.
  const requestCalls = currentRequestCalls()
  let shared = requestCalls?.get(key)
  if (!shared) {
    shared = computeShared(call)
    if (requestCalls) {
      const own = shared
      requestCalls.set(key, own)
      // A call that failed is tried again by the next one (errors are not cached).
      own.catch(() => {
        if (requestCalls.get(key) === own) requestCalls.delete(key)
      })
    }
  }
  const { bytes, tags, expiresAt } = await trackCacheRead(shared)
  // An enclosing cached entry is built from this one: invalidating this one's tags must
  // invalidate it too, and it expires when this one does.
  const enclosing = currentScope()
  if (enclosing) {
    enclosing.tags.push(...tags)
    enclosing.expiresAt = earliest(enclosing.expiresAt, expiresAt)
  }
  noteCacheUse(tags, expiresAt)
  return bytes
}
