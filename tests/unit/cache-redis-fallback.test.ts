// The Redis handler when Redis is down: pages still get their values, computed, and the outage
// is logged once; an invalidation cannot be recorded, so the request that asks for it fails. Needs no redis-server: it connects to a port where nothing listens. The store's
// options reach it as every setting does (docs/architecture.md): in the config a handler is made
// with, never through a module-level setter.
import { createServer } from 'node:net'
import { afterEach, expect, it, vi } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { resolveConfig } from '../../src/framework/config.ts'
import { createHandler } from '../../src/framework/server/core.ts'
import type { ReactServer } from '../../src/framework/server/core-state.ts'

/** A port that was free a moment ago: nothing listens on it. */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((resolve) => server.once('listening', resolve))
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (typeof address !== 'object' || !address) throw new Error('no port')
  return address.port
}

let calls = 0
const load = cached(async () => ++calls, { key: 'redis-down', tags: ['t'] })

/** The route modules: a value cached() keeps, and a post that revalidates it. */
const routeModules: Record<string, Record<string, unknown>> = {
  'value/route.ts': { GET: async () => new Response(String(await load())) },
  'revalidate/route.ts': {
    POST: async () => {
      await revalidateTag('t')
      return new Response('ok')
    },
  },
  // As a Next.js app writes it: revalidateTag() there returns nothing to await.
  'revalidate-unawaited/route.ts': {
    POST: async () => {
      void revalidateTag('t')
      return new Response('ok')
    },
  },
}

afterEach(() => {
  vi.restoreAllMocks()
})

it('computes every value and logs the failure once when Redis cannot be reached', async () => {
  const error = vi.spyOn(console, 'error').mockImplementation(() => {})
  const url = `redis://user:secret@127.0.0.1:${await closedPort()}`
  const handler = createHandler({
    routeFiles: Object.keys(routeModules),
    loadRouteModule: async (file) => routeModules[file]!,
    buildId: 'test',
    react: {} as ReactServer, // route handlers only: React's server side is not used
    loadHtmlRenderer: () => Promise.reject(new Error('no documents in this test')),
    config: resolveConfig({ cache: { handler: 'redis', redis: { url } } }),
  })
  const value = async () => (await handler(new Request('http://app.test/value'))).text()

  expect(await value()).toBe('1')
  expect(await value()).toBe('2')
  expect(error).toHaveBeenCalledTimes(1)
  const message = String(error.mock.calls[0]![0])
  expect(message).toMatch(/\[cache\] The cache store failed.*Redis at 127.0.0.1:\d+ is unreachable/)
  expect(message).not.toContain('secret')

  // An invalidation that cannot be recorded is not dropped: the request that asked for it fails.
  const revalidated = await handler(new Request('http://app.test/revalidate', { method: 'POST' }))
  expect(revalidated.status).toBe(500)
  const logged = error.mock.calls.map((call) => String(call[0])).join('\n')
  expect(logged).toMatch(/The invalidation of "t" could not be recorded.*is unreachable/)
  expect(logged).not.toContain('secret')
  // Not awaited by the app, it still fails the request rather than answering 200.
  const unawaited = await handler(
    new Request('http://app.test/revalidate-unawaited', { method: 'POST' }),
  )
  expect(unawaited.status).toBe(500)
  expect(await value()).toBe('3')
})
