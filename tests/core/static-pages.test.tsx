// Static and dynamic pages (docs/caching.md, "Static pages"; src/framework/static/classification.ts,
// server/serve-page.ts) and payload answers (docs/protocol.md): handlers made from route modules
// written here, with real React. Renders are counted in the page components themselves.
import { describe, expect, it } from 'vitest'
import { revalidatePath } from '../../src/framework/cache/revalidate.ts'
import type { Route } from '../../src/framework/routing/typed-hrefs.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import { notFound, redirect } from '../../src/framework/wire/interrupts.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  payloadRequest,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

/** Route modules of one page at `/`, whose `body` is rendered and counted. */
function countedPage(body: (props: PageProps) => Promise<string> | string, exports = {}) {
  const counter = { renders: 0 }
  const page = async (props: PageProps) => {
    counter.renders++
    return <p>{await body(props)}</p>
  }
  const modules: Modules = {
    'layout.tsx': { default: RootLayout },
    'page.tsx': { default: page, ...exports },
  }
  return { counter, modules }
}

/** A route.ts module that revalidates `/` (in the handler whose request it answers). */
const revalidateRoute = {
  GET: async () => {
    await revalidatePath('/')
    return new Response('revalidated')
  },
}

/** A route.ts module at `/api`. */
const apiRoute = { GET: () => new Response('data') }

type PageProps = { searchParams: Promise<Record<string, string>> }

describe('a page that reads nothing of the request is static', () => {
  it('is rendered once, then served from memory with an ETag, and 304 on If-None-Match', async () => {
    const { counter, modules } = countedPage(() => 'Static page')
    const handler = makeHandler(html, modules)
    const first = await handler(documentRequest('/'))
    expect(first.status).toBe(200)
    expect(visibleHtml(await first.text())).toContain('Static page')

    const second = await handler(documentRequest('/?utm=x'))
    const etag = second.headers.get('etag')
    expect(second.status).toBe(200)
    expect(etag).toMatch(/^"/)
    expect(second.headers.get('cache-control')).toBe('no-cache')
    expect(visibleHtml(await second.text())).toContain('Static page')

    const revalidation = await handler(documentRequest('/', { 'if-none-match': etag! }))
    expect(revalidation.status).toBe(304)
    expect(await revalidation.text()).toBe('')
    expect(counter.renders).toBe(1)
  })

  it('answers its payload as static: no-cache, an ETag, the build id, 304 on If-None-Match', async () => {
    const { counter, modules } = countedPage(() => 'Static page')
    const handler = makeHandler(html, modules)
    const response = await handler(payloadRequest('/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/x-component')
    expect(response.headers.get('x-rsc-route-kind')).toBe('static')
    expect(response.headers.get('x-rsc-build')).toBe('core-test')
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(await response.text()).toContain('Static page')
    const etag = response.headers.get('etag')!
    const again = await handler(payloadRequest('/', { 'if-none-match': `W/${etag}` }))
    expect(again.status).toBe(304)
    expect(counter.renders).toBe(1)
  })

  it("with dynamic = 'force-static', reading cookies() keeps it static and shows no visitor's cookie", async () => {
    const { counter, modules } = countedPage(
      async () => `Cookie: ${(await cookies()).get('name')?.value ?? 'none'}`,
      { dynamic: 'force-static' },
    )
    const handler = makeHandler(html, modules)
    await (await handler(documentRequest('/', { cookie: 'name=alice' }))).text()
    const response = await handler(documentRequest('/', { cookie: 'name=bob' }))
    expect(response.headers.get('etag')).not.toBeNull()
    const body = visibleHtml(await response.text())
    expect(body).toContain('Cookie: none')
    expect(body).not.toContain('alice')
    expect(counter.renders).toBe(1)
  })

  it('N concurrent first requests share one render', async () => {
    let open = () => {}
    const gate = new Promise<void>((resolve) => {
      open = resolve
    })
    let started = () => {}
    const renderStarted = new Promise<void>((resolve) => {
      started = resolve
    })
    const { counter, modules } = countedPage(async () => {
      started()
      await gate
      return 'Shared page'
    })
    const handler = makeHandler(html, modules)
    const responses = Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        handler(i % 2 ? payloadRequest('/') : documentRequest('/')),
      ),
    )
    // Every request has arrived and found the render under way before it is let finish.
    await renderStarted
    await new Promise((resolve) => setImmediate(resolve))
    open()
    for (const response of await responses) {
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('Shared page')
    }
    expect(counter.renders).toBe(1)
  })
})

describe('a page that reads the request is dynamic', () => {
  const readers: Array<[string, (props: PageProps) => Promise<string>]> = [
    ['cookies()', async () => `Hello ${(await cookies()).get('name')?.value ?? 'stranger'}`],
    ['headers()', async () => `Hello ${(await headers()).get('x-name') ?? 'stranger'}`],
    [
      'searchParams',
      async ({ searchParams }) => `Hello ${(await searchParams).name ?? 'stranger'}`,
    ],
  ]

  it.each(readers)(
    'reading %s: rendered per request, private, no-store, no ETag',
    async (_, read) => {
      const { counter, modules } = countedPage(read)
      const handler = makeHandler(html, modules)
      const request = (path: string) =>
        documentRequest(path, { cookie: 'name=alice', 'x-name': 'alice' })
      for (const path of ['/?name=alice', '/?name=alice']) {
        const response = await handler(request(path))
        expect(response.status).toBe(200)
        expect(response.headers.get('etag')).toBeNull()
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        // The visitor's own page, never one rendered without their request.
        expect(visibleHtml(await response.text())).toContain('Hello alice')
      }
      const payload = await handler(payloadRequest('/'))
      expect(payload.headers.get('x-rsc-route-kind')).toBe('dynamic')
      expect(payload.headers.get('cache-control')).toBe('private, no-store')
      expect(payload.headers.get('etag')).toBeNull()
      const prefetch = await handler(payloadRequest('/', { 'x-rsc-prefetch': '1' }))
      expect(prefetch.status).toBe(204)
      // The first request: a whole render that finds the route dynamic, then the visitor's own.
      expect(counter.renders).toBe(4)
    },
  )

  it("with dynamic = 'force-dynamic', a page that reads nothing is rendered for every request", async () => {
    const { counter, modules } = countedPage(() => 'Fresh page', { dynamic: 'force-dynamic' })
    const handler = makeHandler(html, modules)
    for (let i = 0; i < 2; i++) {
      const response = await handler(documentRequest('/'))
      expect(response.headers.get('etag')).toBeNull()
      expect(response.headers.get('cache-control')).toBe('private, no-store')
      await response.text()
    }
    const payload = await handler(payloadRequest('/'))
    expect(payload.headers.get('x-rsc-route-kind')).toBe('dynamic')
    await payload.text()
    expect(counter.renders).toBe(3)
  })
})

describe('payloads of what is not a page', () => {
  it('answers 404, dynamic and private for a URL no route matches', async () => {
    const handler = makeHandler(html, countedPage(() => 'Home').modules)
    const response = await handler(payloadRequest('/nowhere'))
    expect(response.status).toBe(404)
    expect(response.headers.get('x-rsc-route-kind')).toBe('dynamic')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.text()).toContain('This page could not be found.')
  })

  it('answers 404 for the payload URL of a route.ts path', async () => {
    const modules: Modules = { 'api/route.ts': apiRoute }
    const response = await makeHandler(html, modules)(payloadRequest('/api'))
    expect(response.status).toBe(404)
  })

  it.each([
    ['notFound()', notFound],
    ['redirect()', () => redirect('/elsewhere' as Route)],
  ] as const)(
    'a page that throws %s: 200 with the interrupt inside, kept for nobody',
    async (_, thrown) => {
      const { counter, modules } = countedPage(() => thrown())
      const handler = makeHandler(html, modules)
      for (let i = 0; i < 2; i++) {
        const response = await handler(payloadRequest('/'))
        expect(response.status).toBe(200)
        expect(response.headers.get('x-rsc-route-kind')).toBe('dynamic')
        expect(response.headers.get('cache-control')).toBe('private, no-store')
        expect(response.headers.get('etag')).toBeNull()
        await response.text()
      }
      // It classified nothing: the next request rendered it again.
      expect(counter.renders).toBe(2)
    },
  )
})

describe('two handlers in one process', () => {
  it('never see each other’s static pages for the same path', async () => {
    const alpha = makeHandler(html, countedPage(() => 'Alpha app').modules)
    const beta = makeHandler(html, countedPage(() => 'Beta app').modules)
    const body = async (response: Promise<Response>) => visibleHtml(await (await response).text())

    expect(await body(alpha(documentRequest('/')))).toContain('Alpha app')
    const stored = await alpha(documentRequest('/'))
    const etag = stored.headers.get('etag')!
    await stored.text()
    // One store shared by both would answer Alpha's page, or 304 to Alpha's ETag.
    const betaResponse = await beta(documentRequest('/', { 'if-none-match': etag }))
    expect(betaResponse.status).toBe(200)
    expect(await body(Promise.resolve(betaResponse))).toContain('Beta app')
    expect(await body(beta(documentRequest('/')))).toContain('Beta app')
    expect(await body(alpha(documentRequest('/')))).toContain('Alpha app')
    expect(await body(alpha(payloadRequest('/')))).toContain('Alpha app')
  })

  it('a revalidatePath() in one handler re-renders its page, not the other’s', async () => {
    // Each app has `/` and a route.ts at `/revalidate` that revalidates `/`.
    const make = (name: string) => {
      const page = countedPage(() => `${name} app`)
      const handler = makeHandler(html, {
        ...page.modules,
        'revalidate/route.ts': revalidateRoute,
      })
      return { handler, counter: page.counter }
    }
    const alpha = make('Alpha')
    const beta = make('Beta')
    for (const { handler } of [alpha, beta]) {
      await (await handler(payloadRequest('/'))).text()
      await (await handler(payloadRequest('/'))).text()
    }
    expect([alpha.counter.renders, beta.counter.renders]).toEqual([1, 1])

    expect(await (await alpha.handler(documentRequest('/revalidate'))).text()).toBe('revalidated')
    await (await alpha.handler(payloadRequest('/'))).text()
    await (await beta.handler(payloadRequest('/'))).text()
    // Alpha renders its page again; Beta's stays as it was, served from its own store.
    expect([alpha.counter.renders, beta.counter.renders]).toEqual([2, 1])
  })
})

describe('route modules', () => {
  /** makeHandler's modules, with every import of each file counted. */
  function countedImports(modules: Modules, options: { dev?: boolean; failFirst?: string } = {}) {
    const imports: Record<string, number> = {}
    const handler = makeHandler(html, modules, {
      dev: options.dev,
      loadRouteModule: async (file) => {
        imports[file] = (imports[file] ?? 0) + 1
        if (file === options.failFirst && imports[file] === 1) throw new Error('import failed')
        return modules[file]!
      },
    })
    return { handler, imports }
  }

  it('a build imports each route module once, however many requests render it', async () => {
    const { modules } = countedPage(() => 'Dynamic', { dynamic: 'force-dynamic' })
    const { handler, imports } = countedImports(modules)
    for (let i = 0; i < 3; i++) {
      const response = await handler(payloadRequest('/'))
      expect(await response.text()).toContain('Dynamic')
    }
    expect(imports).toEqual({ 'layout.tsx': 1, 'page.tsx': 1 })
  })

  it('a failed import is tried again by the next request', async () => {
    const { modules } = countedPage(() => 'Dynamic', { dynamic: 'force-dynamic' })
    const { handler, imports } = countedImports(modules, { failFirst: 'page.tsx' })
    const failed = await handler(payloadRequest('/'))
    expect(failed.status).toBe(500)
    await failed.text()
    const response = await handler(payloadRequest('/'))
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Dynamic')
    expect(imports['page.tsx']).toBe(2)
  })

  it('the dev server imports them at every request, so that an edit shows', async () => {
    const { modules } = countedPage(() => 'Dynamic', { dynamic: 'force-dynamic' })
    const { handler, imports } = countedImports(modules, { dev: true })
    for (let i = 0; i < 2; i++) await (await handler(payloadRequest('/'))).text()
    expect(imports['page.tsx']).toBeGreaterThanOrEqual(2)
  })
})

describe('generateStaticParams() with dynamicParams = false, at request time', () => {
  /** A page at /[who] whose list of params is made from the cookie of whoever asks first. */
  const cookieListed: Modules = {
    'layout.tsx': { default: RootLayout },
    '[who]/page.tsx': {
      default: async ({ params }: { params: Promise<{ who: string }> }) => (
        <p>Page of {(await params).who}</p>
      ),
      dynamicParams: false,
      generateStaticParams: async () => [{ who: (await cookies()).get('who')?.value ?? 'nobody' }],
    },
  }

  it('runs outside the visitor’s request: what one visitor sent never decides what another is served', async () => {
    const handler = makeHandler(html, cookieListed)
    const alice = await handler(payloadRequest('/alice', { cookie: 'who=alice' }))
    const bob = await handler(payloadRequest('/alice', { cookie: 'who=bob' }))
    await Promise.all([alice.text(), bob.text()])
    // As at build time, where there is no request: cookies() fails, so no list is made from it.
    expect(alice.status).toBe(500)
    expect(bob.status).toBe(500)
  })
})
