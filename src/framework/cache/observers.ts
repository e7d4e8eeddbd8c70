// What the rest of the framework can learn from the data cache: which tags the cached data of a
// render carried, and each revalidation made in this process. A cache of rendered pages (static
// routes) needs both, to drop a page when the data it showed is revalidated.
import { AsyncLocalStorage } from 'node:async_hooks'

export type Revalidation = { tag: string } | { path: string }

const listeners = new Set<(revalidation: Revalidation) => void>()
/** What the cached values read by a render add up to: their tags, and when the first expires. */
export interface CacheUse {
  tags: Set<string>
  expiresAt: number | undefined
  /** Cached reads started and not finished: a shell render waits for them (server/shell-render.ts). */
  pending: number
}

const collectors = new AsyncLocalStorage<CacheUse>()

/** Calls `listener` on every revalidateTag() and revalidatePath() in this process. */
export function onRevalidate(listener: (revalidation: Revalidation) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function notifyRevalidate(revalidation: Revalidation): void {
  for (const listener of listeners) {
    // A failing listener must not keep the others, or the invalidation itself, from happening.
    try {
      listener(revalidation)
    } catch (error) {
      console.error('[cache] A revalidation listener failed:', error)
    }
  }
}

/** Runs `fn`, adding to `use` the tags and expiry of every cached() value read inside it (also
 * later, in the async work it starts, as a streamed render does). */
export function collectCacheUse<T>(use: CacheUse, fn: () => T): T {
  return collectors.run(use, fn)
}

export function noteCacheUse(tags: readonly string[], expiresAt: number | undefined): void {
  const use = collectors.getStore()
  if (!use) return
  for (const tag of tags) use.tags.add(tag)
  if (expiresAt !== undefined) use.expiresAt = Math.min(use.expiresAt ?? expiresAt, expiresAt)
}

/** `read`, counted as pending in the current collector until it settles. */
export function trackCacheRead<T>(read: Promise<T>): Promise<T> {
  const use = collectors.getStore()
  if (!use) return read
  use.pending++
  return read.finally(() => {
    use.pending--
  })
}
