// The default handler: entries in this process's memory, in an LRU bounded both in entries and
// in bytes, so that a cache keyed by arguments cannot grow with the traffic.
import { LRUCache } from 'lru-cache'
import type { CacheEntry, CacheHandler } from './handler.ts'
import { DEFAULT_CACHE_OPTIONS, type MemoryCacheOptions } from './options.ts'

/** Most tag invalidation times remembered (see invalidateTags). */
export const MAX_REMEMBERED_INVALIDATIONS = 10_000

/** Roughly what an entry costs: its bytes, plus its key and tags as UTF-16 strings. */
function entrySize(entry: CacheEntry, key: string): number {
  const tagChars = entry.tags.reduce((sum, tag) => sum + tag.length, 0)
  return Math.max(1, entry.value.byteLength + 2 * (key.length + tagChars))
}

export class MemoryCacheHandler implements CacheHandler {
  readonly #entries: LRUCache<string, CacheEntry>
  readonly #invalidated = new LRUCache<string, number>({ max: MAX_REMEMBERED_INVALIDATIONS })

  constructor(options: Partial<MemoryCacheOptions> = {}) {
    const { maxEntries, maxBytes } = { ...DEFAULT_CACHE_OPTIONS.memory, ...options }
    this.#entries = new LRUCache({ max: maxEntries, maxSize: maxBytes, sizeCalculation: entrySize })
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    return this.#entries.get(key)
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    this.#entries.set(key, entry)
  }

  async lastInvalidated(tags: readonly string[]): Promise<number> {
    let latest = 0
    for (const tag of tags) latest = Math.max(latest, this.#invalidated.get(tag) ?? 0)
    return latest
  }

  /**
   * Deletes the entries carrying the tags at once, and remembers the time for entries whose
   * computation is still running. Deleting makes forgetting safe: the times are kept in an LRU of
   * their own, so that invalidating many different tags (one per path, say) stays bounded.
   */
  async invalidateTags(tags: readonly string[], at: number): Promise<void> {
    for (const tag of tags)
      this.#invalidated.set(tag, Math.max(at, this.#invalidated.get(tag) ?? 0))
    const wanted = new Set(tags)
    const stale = [...this.#entries.entries()]
      .filter(([, entry]) => entry.tags.some((tag) => wanted.has(tag)))
      .map(([key]) => key)
    for (const key of stale) this.#entries.delete(key)
  }

  /** For tests and diagnostics: entries held and their total size. */
  get stats(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#entries.calculatedSize }
  }

  /** For tests and diagnostics: whether `key` is held (without refreshing its recency). */
  has(key: string): boolean {
    return this.#entries.has(key)
  }
}
