// The Redis handler when Redis is down: pages still get their values, computed, and the outage
// is logged once. Needs no redis-server: it connects to a port where nothing listens.
import { createServer } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { DEFAULT_CACHE_OPTIONS, mergeCacheOptions } from '../../src/framework/cache/options.ts'
import { revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { configureCache } from '../../src/framework/cache/storage.ts'

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

afterEach(() => {
  configureCache(DEFAULT_CACHE_OPTIONS)
  vi.restoreAllMocks()
})

it('computes every value and logs the failure once when Redis cannot be reached', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const url = `redis://user:secret@127.0.0.1:${await closedPort()}`
  configureCache(mergeCacheOptions(DEFAULT_CACHE_OPTIONS, { handler: 'redis', redis: { url } }))
  let calls = 0
  const load = cached(async () => ++calls, { key: 'redis-down', tags: ['t'] })
  const started = Date.now()
  expect(await load()).toBe(1)
  expect(await load()).toBe(2)
  await revalidateTag('t')
  expect(await load()).toBe(3)
  expect(Date.now() - started).toBeLessThan(5000)
  expect(error).toHaveBeenCalledTimes(1)
  const message = String(error.mock.calls[0]![0])
  expect(message).toMatch(/\[cache\] The cache store failed.*Redis at 127.0.0.1:\d+ is unreachable/)
  expect(message).not.toContain('secret')
})
