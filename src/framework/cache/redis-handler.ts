// Entries and tag invalidations in Redis, so that several server processes share them: a value
// computed by one is a hit in the others, and revalidateTag() in one is seen by all.
//
// Keys (after the configured prefix): `entry:<key>` holds the entry serialized with node:v8, with
// an expiry; `tag:<tag>` holds the tag's latest invalidation time. An entry lives at most `ttl`
// seconds, so an invalidation only needs to be kept that long too: nothing stays forever.

import { deserialize, serialize } from 'node:v8'
import { Redis } from 'ioredis'
import { type CacheEntry, type CacheHandler, isCacheEntry } from './handler.ts'
import { DEFAULT_CACHE_OPTIONS, type RedisCacheOptions } from './options.ts'

/** A page waits at most this long for Redis before computing the value itself. */
const COMMAND_TIMEOUT_MS = 1000
const CONNECT_TIMEOUT_MS = 2000

export class RedisCacheHandler implements CacheHandler {
  readonly #client: Redis
  readonly #ttlMs: number
  /** Invalidations are kept a little longer than the longest-lived entry they could concern. */
  readonly invalidationsKeptMs: number
  readonly #host: string
  /** The last connection error, until the connection is ready again. */
  #error: Error | undefined

  constructor(options: Partial<RedisCacheOptions> & { url: string }) {
    const { url, keyPrefix, ttl } = { ...DEFAULT_CACHE_OPTIONS.redis, ...options }
    this.#ttlMs = ttl * 1000
    this.invalidationsKeptMs = this.#ttlMs + 60_000
    // For messages: never the password that a URL may carry.
    this.#host = new URL(url).host
    this.#client = new Redis(url, {
      keyPrefix,
      connectTimeout: CONNECT_TIMEOUT_MS,
      commandTimeout: COMMAND_TIMEOUT_MS,
      // A command queued while disconnected fails after one reconnection attempt instead of
      // twenty: the cache falls back to computing rather than holding the page.
      maxRetriesPerRequest: 1,
    })
    // Without a listener, ioredis would report errors as unhandled. The cache (storage.ts) logs
    // the failure of the commands once; here we only remember it, to fail fast while it lasts.
    this.#client.on('error', (error: Error) => {
      this.#error = error
    })
    this.#client.on('ready', () => {
      this.#error = undefined
    })
  }

  /**
   * Runs a command. During an outage it fails at once rather than queueing behind reconnections,
   * and a failure says that Redis is unreachable and why, rather than how ioredis gave up.
   */
  async #run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const unreachable = () =>
      new Error(`Redis at ${this.#host} is unreachable: ${this.#error?.message}`)
    if (this.#error && this.#client.status !== 'ready') throw unreachable()
    try {
      return await command(this.#client)
    } catch (error) {
      throw this.#error ? unreachable() : error
    }
  }

  async get(key: string): Promise<CacheEntry | undefined> {
    const raw = await this.#run((client) => client.getBuffer(`entry:${key}`))
    if (!raw) return undefined
    const entry: unknown = deserialize(raw)
    // Something else under our prefix (an older format, say) is a miss, not a crash.
    return isCacheEntry(entry) ? entry : undefined
  }

  async set(key: string, entry: CacheEntry): Promise<void> {
    const untilExpiry = entry.expiresAt === undefined ? this.#ttlMs : entry.expiresAt - Date.now()
    const lifetime = Math.ceil(Math.min(this.#ttlMs, untilExpiry))
    if (lifetime <= 0) return
    await this.#run((client) => client.set(`entry:${key}`, serialize(entry), 'PX', lifetime))
  }

  async lastInvalidated(tags: readonly string[]): Promise<number> {
    if (tags.length === 0) return 0
    const times = await this.#run((client) => client.mget(tags.map((tag) => `tag:${tag}`)))
    return times.reduce((latest: number, time) => Math.max(latest, Number(time) || 0), 0)
  }

  async invalidateTags(tags: readonly string[], at: number): Promise<void> {
    await this.#run((client) => {
      const batch = client.multi()
      for (const tag of tags) batch.set(`tag:${tag}`, String(at), 'PX', this.invalidationsKeptMs)
      return batch.exec()
    })
  }

  async close(): Promise<void> {
    this.#client.disconnect()
  }
}
