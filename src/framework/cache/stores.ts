// The cache stores on Node (`#framework/cache-stores`; stores.workers.ts on Cloudflare Workers):
// memory, or Redis when the options or REDIS_URL name a server.
import type { CacheHandler } from './handler.ts'
import { MemoryCacheHandler } from './memory-handler.ts'
import type { CacheHandlerKind, CacheOptions } from './options.ts'

const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379'

/** Which store the options choose: Redis when asked for, or when a server is named. */
export function handlerKind({ handler, redis }: CacheOptions): CacheHandlerKind {
  return handler ?? ((redis.url ?? process.env.REDIS_URL) ? 'redis' : 'memory')
}

export async function createHandler(options: CacheOptions): Promise<CacheHandler> {
  const { memory, redis } = options
  const kind = handlerKind(options)
  if (kind === 'memory') return new MemoryCacheHandler(memory)
  if (kind === 'workers-kv') {
    throw new Error("The cache store 'workers-kv' exists on Cloudflare Workers only.")
  }
  // Loaded only when used, so that an app on the memory handler never loads a Redis client.
  const { RedisCacheHandler } = await import('./redis-handler.ts')
  return new RedisCacheHandler({
    ...redis,
    url: redis.url ?? process.env.REDIS_URL ?? DEFAULT_REDIS_URL,
  })
}
