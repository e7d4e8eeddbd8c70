// Entries and tag invalidations in Workers KV (cache.handler 'workers-kv', Cloudflare Workers
// only: stores.workers.ts), so that every isolate and location of a Worker shares them, as Redis
// lets several Node processes share them (redis-handler.ts, whose layout this follows).
//
// Keys: `entry:<key>` holds the entry (devalue), with an expiry; `tag:<tag>` holds the tag's
// latest invalidation time. An entry lives at most `ttl` seconds, so an invalidation only needs
// to be kept that long too. KV is eventually consistent: a write is seen at once where it was
// made and within about a minute elsewhere (docs/deploying.md#cloudflare-workers).
import { parse, stringify } from 'devalue'
import { type CacheEntry, type CacheHandler, isCacheEntry } from './handler.ts'
import { DEFAULT_CACHE_OPTIONS, type WorkersKvCacheOptions } from './options.ts'

/** The part of a Workers KV namespace binding the handler uses. */
export interface KvNamespace {
  get(key: string, type: 'text'): Promise<string | null>
  put(key: string, value: string, options?: { expirationTtl?: number }): Promise<void>
}

/** KV refuses expiries shorter than this (seconds); an entry stale sooner is checked on read. */
const MIN_EXPIRATION_TTL_S = 60

const expirationTtl = (ms: number) => Math.max(MIN_EXPIRATION_TTL_S, Math.ceil(ms / 1000))

export class WorkersKvCacheHandler implements CacheHandler {
  readonly #kv: KvNamespace
  readonly #ttlMs: number
  /** Invalidations are kept a little longer than the longest-lived entry they could concern. */
  readonly invalidationsKeptMs: number

  constructor(kv: KvNamespace, options: Partial<WorkersKvCacheOptions> = {}) {
    const { ttl } = { ...DEFAULT_CACHE_OPTIONS.workersKv, ...options }
    this.#kv = kv
    this.#ttlMs = ttl * 1000
    this.invalidationsKeptMs = this.#ttlMs + 60_000
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const raw = await this.#kv.get(`entry:${key}`, 'text')
    if (raw === null) return undefined
    // Something else under the key (an older format, say) is a miss, not a failure.
    let entry: unknown
    try {
      entry = parse(raw)
    } catch {
      return undefined
    }
    return isCacheEntry(entry) ? entry : undefined
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const untilExpiry = entry.expiresAt === undefined ? this.#ttlMs : entry.expiresAt - Date.now()
    const lifetime = Math.min(this.#ttlMs, untilExpiry)
    if (lifetime <= 0) return
    await this.#kv.put(`entry:${key}`, stringify(entry), {
      expirationTtl: expirationTtl(lifetime),
    })
  }

  async lastInvalidated(tags: readonly string[]): Promise<number> {
    const times = await Promise.all(tags.map((tag) => this.#kv.get(`tag:${tag}`, 'text')))
    return times.reduce((latest: number, time) => Math.max(latest, Number(time) || 0), 0)
  }

  async invalidateTags(tags: readonly string[], at: number): Promise<void> {
    const options = { expirationTtl: expirationTtl(this.invalidationsKeptMs) }
    await Promise.all(tags.map((tag) => this.#kv.put(`tag:${tag}`, String(at), options)))
  }
}
