// The storage interface behind cached(): where entries and tag invalidations live. The in-memory
// handler serves one process; the Redis handler lets several processes share both.

export interface CacheEntry {
  /** The value, serialized with node:v8 (value.ts). */
  value: Uint8Array
  /** Its tags, already within the limits (tags.ts). */
  tags: string[]
  /** When its computation started (ms since the epoch, cache clock): a tag invalidated at or
   * after this time may have changed what it read, so the entry is stale. */
  createdAt: number
  /** When it stops being fresh (ms since the epoch), from `revalidate`; absent: never by time. */
  expiresAt?: number
}

/** Whether a value read back from a shared store is an entry (not something else under its key). */
export function isCacheEntry(value: unknown): value is CacheEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Partial<CacheEntry>
  return (
    entry.value instanceof Uint8Array &&
    Array.isArray(entry.tags) &&
    typeof entry.createdAt === 'number'
  )
}

export interface CacheHandler {
  /** The stored entry, fresh or not: the caller checks its time and its tags. */
  get(key: string): Promise<CacheEntry | undefined>
  set(key: string, entry: CacheEntry): Promise<void>
  /**
   * The latest invalidation time of any of `tags`, or 0 when none was invalidated. A store shared
   * by several processes must answer with the invalidations of all of them, as soon as their
   * invalidateTags() resolved: each static page answer and each cached() read asks this, and it
   * is how a revalidation reaches the other processes (nothing else is sent between them;
   * docs/deploying.md). A store that sees others' writes only later serves stale data that long.
   */
  lastInvalidated(tags: readonly string[]): Promise<number>
  /** Records that `tags` were invalidated at `at`: entries created before then are stale. */
  invalidateTags(tags: readonly string[], at: number): Promise<void>
  /**
   * How long (ms) an invalidation record is surely kept, when the store forgets them by time
   * (Redis). Static pages checked against the records live no longer than this.
   */
  readonly invalidationsKeptMs?: number
  /** Releases connections and timers; the handler is not used afterwards. */
  close?(): Promise<void>
}
