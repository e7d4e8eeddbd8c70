// The request pipeline (src/framework/server/core.ts) without Vite: handlers made from plain
// dependencies, route modules written here, plain Request objects. Covers what each handler owns
// (docs/architecture.md): two handlers in one process keep their data apart; and the server
// function checks that answer before anything is decoded or run (docs/security.md).
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { resolveConfig } from '../../src/framework/config.ts'
import { after } from '../../src/framework/server/after.ts'
import { createHandler } from '../../src/framework/server/core.ts'
import type { CoreDependencies, ReactServer } from '../../src/framework/server/core-state.ts'
import { HEADER_ACTION_ID } from '../../src/framework/wire/protocol.ts'

type Modules = Record<string, Record<string, unknown>>

/** React's server side is not used by the requests below: any call of it fails the test. */
const unusedReact = new Proxy({} as ReactServer, {
  get: (_target, name) => () => {
    throw new Error(`React's ${String(name)} was called`)
  },
})

function makeHandler(modules: Modules, overrides: Partial<CoreDependencies> = {}) {
  return createHandler({
    routeFiles: Object.keys(modules),
    loadRouteModule: async (file) => modules[file]!,
    buildId: 'test',
    react: unusedReact,
    loadHtmlRenderer: () => Promise.reject(new Error('no documents in this test')),
    config: resolveConfig(),
    ...overrides,
  })
}

/** A route handler that answers a cached() value computed from `source`. */
let source = 'a'
const read = cached(async () => source, { key: 'core-test:shared' })
const routes: Modules = {
  'data/route.ts': { GET: async () => new Response(await read()) },
}

describe('state belongs to a handler', () => {
  it('two handlers with their own cache stores never see each other’s cached() data', async () => {
    const first = makeHandler(routes)
    const second = makeHandler(routes)
    const get = async (handler: typeof first) =>
      (await handler(new Request('http://app.test/data'))).text()

    expect(await get(first)).toBe('a')
    source = 'b'
    // One store shared by both would answer the first handler's 'a' here.
    expect(await get(second)).toBe('b')
    expect(await get(first)).toBe('a')
  })
})

describe('server function checks, before anything is decoded or run', () => {
  const page: Modules = { 'page.tsx': { default: () => null } }
  const call = (init: RequestInit & { id?: string }) =>
    new Request('http://app.test/_.rsc', {
      method: 'POST',
      ...init,
      headers: { [HEADER_ACTION_ID]: init.id ?? 'file#save', ...init.headers },
    })

  it('refuses another origin with 403', async () => {
    const response = await makeHandler(page)(
      call({ body: '[]', headers: { origin: 'https://evil.test' } }),
    )
    expect(response.status).toBe(403)
    expect(await response.text()).toContain('origin evil.test does not match host app.test')
  })

  it('refuses a body over the configured limit with 413', async () => {
    const config = resolveConfig({ serverFunctions: { bodySizeLimit: 10 } })
    const response = await makeHandler(page, { config })(call({ body: 'x'.repeat(11) }))
    expect(response.status).toBe(413)
  })

  it('refuses a malformed function id with 400', async () => {
    const response = await makeHandler(page)(call({ body: '[]', id: 'no hash here' }))
    expect(response.status).toBe(400)
  })

  it('answers 404 with a plain-text message for an unknown function', async () => {
    // As the bundler's lookup does for an id of no module in this build.
    const loadServerAction = () => Promise.reject(new Error('no such module'))
    const react: ReactServer = { ...unusedReact, loadServerAction }
    const response = await makeHandler(page, { react })(call({ body: '[]', id: 'gone#save' }))
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/)
    expect(await response.text()).toContain('Server function gone#save was not found')
  })

  it('answers 405 with Allow to other methods on a page', async () => {
    const response = await makeHandler(page)(new Request('http://app.test/', { method: 'PUT' }))
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
  })
})

/** A route handler whose after() callback records that it ran. */
const ran: string[] = []
const afterRoutes: Modules = {
  'log/route.ts': {
    GET: () => {
      after(async () => {
        ran.push('callback')
      })
      return new Response('sent')
    },
  },
}

describe("the host's waitUntil (CoreDependencies.waitUntil: Cloudflare Workers')", () => {
  it('is given each after() callback, settled once the callback has run', async () => {
    const kept: Promise<unknown>[] = []
    const handler = makeHandler(afterRoutes, { waitUntil: (promise) => kept.push(promise) })
    const response = await handler(new Request('http://app.test/log'))
    expect(await response.text()).toBe('sent')
    expect(kept).toHaveLength(1)
    await Promise.all(kept)
    expect(ran).toEqual(['callback'])
  })
})

/** A full collection, for checking what a reference keeps alive. */
async function collectGarbage(): Promise<void> {
  setFlagsFromString('--expose-gc')
  // WeakRefs hold until the current job ends; the handler's last promises settle meanwhile.
  await new Promise((resolve) => setTimeout(resolve, 10))
  ;(runInNewContext('gc') as () => void)()
}

/** Answers `request` in a frame of its own, which keeps nothing of it once returned. */
async function answer(handler: ReturnType<typeof makeHandler>, request: Request) {
  const response = await handler(request)
  return { served: new WeakRef(request), text: await response.text() }
}

const dataRoute: Modules = { 'data/route.ts': { GET: () => new Response('data') } }

describe('a request is not kept by what outlives it (docs/architecture.md, "One handler, its dependencies and its state")', () => {
  it('is not kept by the route module it was the first to load', async () => {
    // The load is a new promise, made by the first request that needs it and kept by the handler.
    const handler = makeHandler(dataRoute)
    const { served, text } = await answer(handler, new Request('http://app.test/data'))
    expect(text).toBe('data')
    // A few tries, so that work still settling after the answer cannot fail the test.
    for (let attempt = 0; attempt < 5 && served.deref(); attempt++) await collectGarbage()
    // On Node 20, a promise remembers the AsyncLocalStorage stores it was made in: a module cached
    // from inside the request would hold its store, and the store the request, for good.
    expect(served.deref()).toBeUndefined()
  })
})
