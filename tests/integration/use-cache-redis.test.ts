// "use cache" across processes (docs/caching.md, "use cache"): two production servers of one
// build, sharing a real redis-server, share the entries of /lab/use-cache's cached component
// (its key is the same in both: its module, name and arguments) and its invalidations: a
// revalidateTag() from a server function answered by one is seen by the other.
import { afterAll, beforeAll, expect, test } from 'vitest'
import { callServerFunction } from '../e2e/support/client-calls.ts'
import { formWith } from '../e2e/support/server-functions.ts'
import { type RunningServer, startProductionServer } from '../e2e/support/servers.ts'
import { type RedisServer, startRedis } from './support/redis.ts'

let redis: RedisServer
let servers: RunningServer[] = []

beforeAll(async () => {
  redis = await startRedis()
  // The lab's revalidate button is the admin's unless LAB_CONTROLS=open (docs/security.md).
  const env = { REDIS_URL: redis.url, LAB_CONTROLS: 'open' }
  servers = await Promise.all([startProductionServer({ env }), startProductionServer({ env })])
})

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()))
  redis?.stop()
})

/** What /lab/use-cache shows on `origin`: the cached component's time, the page's own. */
async function read(origin: string) {
  const html = await (await fetch(`${origin}/lab/use-cache`)).text()
  const find = (pattern: RegExp) => {
    const found = pattern.exec(html)?.[1]
    if (found === undefined) throw new Error(`No ${pattern} in /lab/use-cache:\n${html}`)
    return found
  }
  return {
    cached: find(/cached at ([^<]+)</),
    page: find(/Page rendered at ([^<]+)</),
    revalidateId: formWith(html, 'Revalidate the stamp').actionIds[0]!,
  }
}

test('two processes sharing Redis see each other’s entries and invalidations', async () => {
  const [a, b] = servers as [RunningServer, RunningServer]
  const first = await read(a.url)
  // Computed once, by the first process: the second reads its entry from Redis.
  const second = await read(b.url)
  expect(second.cached).toBe(first.cached)
  expect(second.page).not.toBe(first.page)

  const call = await callServerFunction(b.url, '/lab/use-cache', second.revalidateId, [])
  expect(call.status).toBe(200)
  await call.arrayBuffer()

  // The invalidation recorded by the second reaches the first: the old entry is stale there too,
  // and both show the one value computed after it (by the page the call's answer carried).
  const after = await read(a.url)
  expect(after.cached).not.toBe(first.cached)
  expect((await read(b.url)).cached).toBe(after.cached)
})
