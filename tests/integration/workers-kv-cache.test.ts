// The data cache's Workers KV store (cache/workers-kv-handler.ts, cache.handler 'workers-kv'),
// against KV as workerd runs it locally: the CACHE namespace of wrangler.jsonc, through wrangler's
// getPlatformProxy() (no account, no network). Two handlers on one namespace stand for two
// isolates of a Worker: they share entries and invalidations, as Redis lets Node processes.
import { resolve } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { getPlatformProxy } from 'wrangler'
import { cached } from '../../src/framework/cache/cached.ts'
import { setCacheClock } from '../../src/framework/cache/clock.ts'
import { revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import {
  type KvNamespace,
  WorkersKvCacheHandler,
} from '../../src/framework/cache/workers-kv-handler.ts'

process.env.WRANGLER_SEND_METRICS = 'false'
process.env.CLOUDFLARE_CF_FETCH_ENABLED = 'false'

let proxy: Awaited<ReturnType<typeof getPlatformProxy>>
let kv: KvNamespace
/** Another isolate's handler on the same namespace. */
const isolate = () => new WorkersKvCacheHandler(kv)

beforeAll(async () => {
  proxy = await getPlatformProxy({
    configPath: resolve(import.meta.dirname, '../../wrangler.jsonc'),
    persist: false,
  })
  kv = (proxy.env as Record<string, unknown>).CACHE as KvNamespace
})

afterAll(async () => {
  await proxy?.dispose()
})

let time = Date.now()
let computations = 0
/** Each test's own keys: the namespace lives as long as the file. */
let run = 0

beforeEach(() => {
  time = Date.now()
  setCacheClock(() => time)
  computations = 0
  run++
})

afterEach(() => {
  setCacheHandler(undefined)
  setCacheClock()
})

const loadNotes = (options: { revalidate?: number } = {}) =>
  cached(
    async (page: number) => {
      computations++
      return { page, at: new Date(0), ids: new Set([1, 2]) }
    },
    { key: `kv-notes-${run}`, tags: [`notes-${run}`], ...options },
  )

describe('the Workers KV cache store', () => {
  it('keeps a value for every isolate: computed once, then read back whole', async () => {
    const load = loadNotes()
    setCacheHandler(isolate())
    expect(await load(1)).toEqual({ page: 1, at: new Date(0), ids: new Set([1, 2]) })
    setCacheHandler(isolate())
    expect(await load(1)).toEqual({ page: 1, at: new Date(0), ids: new Set([1, 2]) })
    expect(computations).toBe(1)
  })

  it('revalidateTag() in one isolate makes another compute again', async () => {
    const load = loadNotes()
    const [first, second] = [isolate(), isolate()]
    setCacheHandler(first)
    await load(1)
    setCacheHandler(second)
    await load(1)
    expect(computations).toBe(1)
    setCacheHandler(first)
    time += 1
    await revalidateTag(`notes-${run}`)
    setCacheHandler(second)
    await load(1)
    expect(computations).toBe(2)
  })

  it('an entry past its revalidate time is computed again', async () => {
    const load = loadNotes({ revalidate: 30 })
    setCacheHandler(isolate())
    await load(2)
    time += 29_000
    await load(2)
    expect(computations).toBe(1)
    time += 2_000
    await load(2)
    expect(computations).toBe(2)
  })

  it('something else under an entry key is a miss, not a failure', async () => {
    const handler = isolate()
    await kv.put('entry:not-an-entry', '{"some":"thing"}')
    expect(await handler.get('not-an-entry')).toBeUndefined()
  })
})
