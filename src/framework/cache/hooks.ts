// What the rest of the framework can learn from the data cache: which tags the cached data of a
// render carried, and each revalidation made in this process. A cache of rendered pages (static
// routes) needs both, to drop a page when the data it showed is revalidated.
import { AsyncLocalStorage } from 'node:async_hooks'

export type Revalidation = { tag: string } | { path: string }

const listeners = new Set<(revalidation: Revalidation) => void>()
const collectors = new AsyncLocalStorage<Set<string>>()

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

/** Runs `fn`, adding to `tags` the tags of every cached() value read inside it (also later, in
 * the async work it starts, as a streamed render does). */
export function collectCacheTags<T>(tags: Set<string>, fn: () => T): T {
  return collectors.run(tags, fn)
}

export function noteCacheTags(tags: readonly string[]): void {
  const collector = collectors.getStore()
  if (collector) for (const tag of tags) collector.add(tag)
}
