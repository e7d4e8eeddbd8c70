// The `cache` section of the framework's options (config.ts): which handler stores entries, and
// its bounds. docs/caching.md describes them.

export interface MemoryCacheOptions {
  /** Most entries kept; the least recently used go first. */
  maxEntries: number
  /** Most bytes kept (serialized values plus keys and tags); a larger value is not stored. */
  maxBytes: number
}

export interface RedisCacheOptions {
  /** Server to connect to; default: the REDIS_URL environment variable, else localhost:6379. */
  url?: string
  /** Prefix of every key, so that several apps (or incompatible deploys) can share a server. */
  keyPrefix: string
  /** Longest time, in seconds, an entry is kept, and so how long tag invalidations must be. */
  ttl: number
}

export interface WorkersKvCacheOptions {
  /** The Worker's KV namespace binding (wrangler.jsonc `kv_namespaces`) that holds the entries. */
  binding: string
  /** Longest time, in seconds, an entry is kept, and so how long tag invalidations must be. */
  ttl: number
}

/** `workers-kv` exists on Cloudflare Workers only, `redis` on Node only (docs/deploying.md#cloudflare-workers). */
export type CacheHandlerKind = 'memory' | 'redis' | 'workers-kv'

export interface CacheOptions {
  /**
   * Default on Node: 'redis' when REDIS_URL is set or `redis.url` is given, else 'memory'; on
   * Workers: 'workers-kv' when the Worker has the `workersKv.binding`, else 'memory'.
   */
  handler?: CacheHandlerKind
  memory: MemoryCacheOptions
  redis: RedisCacheOptions
  workersKv: WorkersKvCacheOptions
}

/** What `framework({ cache })` and `createRequestHandler({ cache })` accept. */
export interface CacheOptionsInput {
  handler?: CacheHandlerKind
  memory?: Partial<MemoryCacheOptions>
  redis?: Partial<RedisCacheOptions>
  workersKv?: Partial<WorkersKvCacheOptions>
}

export const DEFAULT_CACHE_OPTIONS: CacheOptions = {
  memory: { maxEntries: 1000, maxBytes: 64 * 1024 * 1024 },
  redis: { keyPrefix: 'rsc-cache:', ttl: 24 * 60 * 60 },
  workersKv: { binding: 'CACHE', ttl: 24 * 60 * 60 },
}

export function mergeCacheOptions(base: CacheOptions, layer?: CacheOptionsInput): CacheOptions {
  if (!layer) return base
  return {
    handler: layer.handler ?? base.handler,
    memory: { ...base.memory, ...layer.memory },
    redis: { ...base.redis, ...layer.redis },
    workersKv: { ...base.workersKv, ...layer.workersKv },
  }
}
