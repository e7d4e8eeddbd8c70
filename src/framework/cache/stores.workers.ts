// The cache stores on Cloudflare Workers (`#framework/cache-stores` under the `workerd`
// condition; stores.ts on Node): Workers KV when the Worker has the configured binding, else
// memory, which is the isolate's own (docs/deploying.md#cloudflare-workers). No Redis client is bundled.
import { env } from 'cloudflare:workers'
import type { CacheHandler } from './handler.ts'
import { MemoryCacheHandler } from './memory-handler.ts'
import type { CacheOptions } from './options.ts'
import { type KvNamespace, WorkersKvCacheHandler } from './workers-kv-handler.ts'

export async function createHandler({
  handler,
  memory,
  workersKv,
}: CacheOptions): Promise<CacheHandler> {
  const namespace = env[workersKv.binding] as KvNamespace | undefined
  const kind = handler ?? (namespace ? 'workers-kv' : 'memory')
  if (kind === 'memory') return new MemoryCacheHandler(memory)
  if (kind === 'redis') {
    throw new Error(
      "The cache store 'redis' is not available on Cloudflare Workers: use 'workers-kv' (docs/deploying.md#cloudflare-workers).",
    )
  }
  if (!namespace) {
    throw new Error(
      `The cache store 'workers-kv' needs the KV namespace binding ${workersKv.binding} (wrangler.jsonc kv_namespaces).`,
    )
  }
  return new WorkersKvCacheHandler(namespace, workersKv)
}
