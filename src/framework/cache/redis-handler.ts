// Entries and tag invalidations in Redis, so that several server processes share them: a value
// computed by one is a hit in the others, and revalidateTag() in one is seen by all.
//
// Keys (after the configured prefix): `entry:<key>` holds the entry serialized with node:v8, with
// an expiry; `tag:<tag>` holds the tag's latest invalidation time; `stale-before` a time before
// which every entry is stale, written when Redis comes back after this process lost it (below).
// An entry lives at most `ttl` seconds, so an invalidation only needs to be kept that long too:
// nothing stays forever.
//
// Two ways Redis goes away (docs/caching.md, "If the store fails"):
// - the connection drops (Redis stopped, restarted, unreachable): commands fail at once until it
//   is back. A restarted Redis may have lost what was written since its last save, invalidations
//   of other processes included, and no process can know which; so before anything is read from
//   it again, this process records that every entry from before is stale.
// - it stops answering on an open connection (a paused or overloaded server): each command would
//   wait its whole timeout. After BREAKER_TIMEOUTS timeouts in a row the handler stops asking for
//   BREAKER_OPEN_MS (a circuit breaker, logged when it opens and when it closes), then tries again;
//   what was written meanwhile may be lost too, so the same record is made before reading again.

import { deserialize, serialize } from 'node:v8'
import { Redis } from 'ioredis'
import { now } from './clock.ts'
import { type CacheEntry, type CacheHandler, isCacheEntry } from './handler.ts'
import { DEFAULT_CACHE_OPTIONS, type RedisCacheOptions } from './options.ts'

/** A page waits at most this long for Redis before computing the value itself. */
const COMMAND_TIMEOUT_MS = 1000
const CONNECT_TIMEOUT_MS = 2000
/** Commands timed out in a row that make the handler stop asking Redis for a while. */
const BREAKER_TIMEOUTS = 2
/** How long it then stops asking, before letting commands through again. */
const BREAKER_OPEN_MS = 5000
/** The key (after the prefix) of the time before which every entry is stale. */
const STALE_BEFORE_KEY = 'stale-before'

/** ioredis's error for a command that got no answer within `commandTimeout`. */
function isTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Command timed out'
}

/**
 * Stops commands for a while once Redis stops answering: without it, every page would wait one
 * command timeout per command while Redis is paused. Closed: commands go. Open: they fail at once,
 * until `openUntil`; then they go again, and the first answer closes it, another timeout reopens it.
 */
class CircuitBreaker {
  #timeouts = 0
  #openUntil: number | undefined

  constructor(
    private readonly host: string,
    private readonly onOpen: () => void,
  ) {}

  /** Whether a command may be sent now. */
  allows(): boolean {
    return this.#openUntil === undefined || Date.now() >= this.#openUntil
  }

  answered(): void {
    this.#timeouts = 0
    if (this.#openUntil === undefined) return
    this.#openUntil = undefined
    console.error(`[cache] Redis at ${this.host} answers again: asking it again.`)
  }

  timedOut(): void {
    this.#timeouts++
    if (this.#openUntil !== undefined) {
      // A command let through after the pause timed out too: pause again, without a new line.
      this.#openUntil = Date.now() + BREAKER_OPEN_MS
      return
    }
    if (this.#timeouts < BREAKER_TIMEOUTS) return
    this.#openUntil = Date.now() + BREAKER_OPEN_MS
    this.onOpen()
    console.error(
      `[cache] Redis at ${this.host} did not answer ${this.#timeouts} commands in a row within ${COMMAND_TIMEOUT_MS} ms: not asking it for ${BREAKER_OPEN_MS / 1000} s, then trying again. Meanwhile values are computed and invalidations fail.`,
    )
  }

  /** The error of a command refused while open. */
  refusal(): Error {
    return new Error(
      `Redis at ${this.host} is not asked until ${new Date(this.#openUntil ?? 0).toISOString()}: it stopped answering.`,
    )
  }
}

export class RedisCacheHandler implements CacheHandler {
  readonly #client: Redis
  readonly #ttlMs: number
  /** Invalidations are kept a little longer than the longest-lived entry they could concern. */
  readonly invalidationsKeptMs: number
  readonly #host: string
  /** The last connection error, until the connection is ready again. */
  #error: Error | undefined
  readonly #breaker: CircuitBreaker
  /** Whether this process lost Redis since it last recorded `stale-before` (or connected). */
  #lost = false
  /** Counts the losses: a record made before the latest loss does not cover it. */
  #losses = 0
  /** Whether the connection was ever ready: failing to connect at all loses nothing. */
  #wasReady = false
  /** The record of `stale-before` under way. */
  #restoring: Promise<void> | undefined

  constructor(options: Partial<RedisCacheOptions> & { url: string }) {
    const { url, keyPrefix, ttl } = { ...DEFAULT_CACHE_OPTIONS.redis, ...options }
    this.#ttlMs = ttl * 1000
    this.invalidationsKeptMs = this.#ttlMs + 60_000
    // For messages: never the password that a URL may carry.
    this.#host = new URL(url).host
    this.#breaker = new CircuitBreaker(this.#host, () => this.#lose())
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
    this.#client.on('close', () => {
      if (this.#wasReady) this.#lose()
    })
    this.#client.on('ready', () => {
      this.#error = undefined
      this.#wasReady = true
      // At once, rather than at the next request: every process that lost Redis records it.
      if (this.#lost) this.#restore().catch(() => {})
    })
  }

  #lose(): void {
    this.#lost = true
    this.#losses++
  }

  /**
   * Records that every entry created until now is stale, once Redis is back after this process
   * lost it: writes made meanwhile (invalidations of any process) may be lost, so nothing it kept
   * from before is trusted. Commands wait for it; it is tried again until it succeeds.
   */
  #restore(): Promise<void> {
    const losses = this.#losses
    this.#restoring ??= this.#client
      .set(STALE_BEFORE_KEY, String(now()), 'PX', this.invalidationsKeptMs)
      .then(() => {
        if (this.#losses === losses) this.#lost = false
        console.error(
          `[cache] Redis at ${this.#host} is back; entries it holds from before are stale from now on (writes made while it was away may be lost).`,
        )
      })
      .finally(() => {
        this.#restoring = undefined
      })
    return this.#restoring
  }

  /**
   * Runs a command. During an outage it fails at once rather than queueing behind reconnections
   * or waiting for its timeout, and a failure says that Redis is unreachable and why, rather than
   * how ioredis gave up. After an outage, it first records `stale-before`.
   */
  async #run<T>(command: (client: Redis) => Promise<T>): Promise<T> {
    const unreachable = () =>
      new Error(`Redis at ${this.#host} is unreachable: ${this.#error?.message ?? 'disconnected'}`)
    if (!this.#breaker.allows()) throw this.#breaker.refusal()
    if ((this.#error || this.#lost) && this.#client.status !== 'ready') throw unreachable()
    try {
      if (this.#lost) await this.#restore()
      const result = await command(this.#client)
      this.#breaker.answered()
      return result
    } catch (error) {
      if (isTimeout(error)) this.#breaker.timedOut()
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
    // With `stale-before`, which concerns every entry: one round trip still.
    const keys = [STALE_BEFORE_KEY, ...tags.map((tag) => `tag:${tag}`)]
    const times = await this.#run((client) => client.mget(keys))
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
