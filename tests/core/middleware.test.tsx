// The middleware in the request pipeline (server/middleware-run.ts, docs/middleware.md),
// with handlers made here: which exports it takes, that the module loads once, what reaches a
// route after next() and rewrite(), and that its failures answer 500 naming the file.
import { describe, expect, it, vi } from 'vitest'
import { headers, type MiddlewareRequest, MiddlewareResponse } from '../../src/framework/index.ts'
import type { MiddlewareSource } from '../../src/framework/server/middleware-host.ts'
import { VARY_PAYLOAD } from '../../src/framework/wire/protocol.ts'
import {
  type Modules,
  makeHandler,
  payloadRequest,
  startHtmlRendererForFile,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

/** Route handlers that echo what they received: no HTML renderer needed. */
const modules: Modules = {
  'api/[name]/route.ts': {
    GET: (request: Request) =>
      Response.json({ url: request.url, seen: request.headers.get('x-seen') }),
    POST: async (request: Request) => Response.json({ body: await request.text() }),
  },
}

function source(file: string, mod: Record<string, unknown>): MiddlewareSource & { loads: number } {
  const counted = {
    file,
    loads: 0,
    load: async () => {
      counted.loads++
      return mod
    },
  }
  return counted
}

const get = (handler: ReturnType<typeof makeHandler>, path: string) =>
  handler(new Request(new URL(path, 'http://app.test')))

describe('the middleware module', () => {
  it.each(['middleware', 'proxy', 'default'])('runs its %s export, loaded once', async (name) => {
    const loaded = source('src/proxy.ts', {
      [name]: () => MiddlewareResponse.next({ headers: { 'x-ran': name } }),
    })
    const handler = makeHandler(html, modules, { middleware: loaded })
    for (let i = 0; i < 3; i++) {
      const response = await get(handler, '/api/a')
      expect(response.status).toBe(200)
      expect(response.headers.get('x-ran')).toBe(name)
    }
    expect(loaded.loads).toBe(1)
  })

  it('without a function to run, every request answers 500 and the log names the file', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', { config: {} }),
    })
    const response = await get(handler, '/api/a')
    expect(response.status).toBe(500)
    expect(await response.text()).toMatch(/^Internal Server Error \(digest \d+\)/)
    expect(String(logged.mock.calls[0]?.[0])).toContain(
      'src/middleware.ts must export a function named middleware or proxy',
    )
    logged.mockRestore()
  })

  it('a module that fails to load is loaded again by the next request', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    let attempts = 0
    const handler = makeHandler(html, modules, {
      middleware: {
        file: 'src/middleware.ts',
        load: async () => {
          if (++attempts === 1) throw new Error('first load fails')
          return { middleware: () => undefined }
        },
      },
    })
    expect((await get(handler, '/api/a')).status).toBe(500)
    expect((await get(handler, '/api/a')).status).toBe(200)
    logged.mockRestore()
  })
})

describe('what the route receives', () => {
  it('the request headers next() passes on, and the rewritten URL', async () => {
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', {
        middleware: (request: MiddlewareRequest) => {
          const headers = new Headers(request.headers)
          headers.set('x-seen', 'by the route')
          if (request.nextUrl.pathname === '/api/old') {
            const target = request.nextUrl.clone()
            target.pathname = '/api/new'
            return MiddlewareResponse.rewrite(target, { request: { headers } })
          }
          return MiddlewareResponse.next({ request: { headers } })
        },
      }),
    })
    expect(await (await get(handler, '/api/a?x=1')).json()).toEqual({
      url: 'http://app.test/api/a?x=1',
      seen: 'by the route',
    })
    expect(await (await get(handler, '/api/old?x=1')).json()).toEqual({
      url: 'http://app.test/api/new?x=1',
      seen: 'by the route',
    })
  })

  it('a path its matcher leaves out never reaches it', async () => {
    const run = vi.fn(() => new Response('from the middleware'))
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', { middleware: run, config: { matcher: '/api/b' } }),
    })
    expect(await (await get(handler, '/api/a')).json()).toMatchObject({ seen: null })
    expect(await (await get(handler, '/api/b')).text()).toBe('from the middleware')
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('a rewrite to another origin answers 500 naming the file', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const handler = makeHandler(html, modules, {
      middleware: source('src/proxy.ts', {
        proxy: () => MiddlewareResponse.rewrite('https://elsewhere.example/'),
      }),
    })
    expect((await get(handler, '/api/a')).status).toBe(500)
    expect(String(logged.mock.calls[0]?.[0])).toContain(
      'src/proxy.ts rewrote /api/a to https://elsewhere.example/, another origin',
    )
    logged.mockRestore()
  })

  it('a rewrite to a URL that does not parse answers 500; the handler keeps serving', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', {
        middleware: (request: MiddlewareRequest) =>
          request.nextUrl.pathname === '/api/bad'
            ? MiddlewareResponse.rewrite('http://[not a host')
            : undefined,
      }),
    })
    expect((await get(handler, '/api/bad')).status).toBe(500)
    expect((await get(handler, '/api/good')).status).toBe(200)
    logged.mockRestore()
  })
})

describe('what the answer carries', () => {
  it("the middleware's headers are added; its Vary adds to the payload's, never replaces it", async () => {
    const handler = makeHandler(
      html,
      { 'page.tsx': { default: () => <p>Home</p> } },
      {
        middleware: source('src/middleware.ts', {
          middleware: () =>
            MiddlewareResponse.next({
              headers: { vary: 'accept-language', 'x-frame-options': 'DENY' },
            }),
        }),
      },
    )
    const response = await handler(payloadRequest('/'))
    expect(response.status).toBe(200)
    expect(response.headers.get('vary')).toBe(`${VARY_PAYLOAD}, accept-language`)
    expect(response.headers.get('x-frame-options')).toBe('DENY')
    expect(response.headers.get('x-middleware-next')).toBeNull()
  })
})

/** A page that shows a request header: with force-static, it reads as absent. */
async function ShowHeader() {
  return <p>header: {(await headers()).get('x-secret') ?? 'none'}</p>
}

describe('a rewritten page', () => {
  it('is rendered for its request, yet a force-static page still reads no request data', async () => {
    const handler = makeHandler(
      html,
      {
        'page.tsx': { default: () => <p>Home</p> },
        'fixed/page.tsx': { default: ShowHeader, dynamic: 'force-static' },
      },
      {
        middleware: source('src/middleware.ts', {
          middleware: (request: MiddlewareRequest) =>
            request.nextUrl.pathname === '/alias'
              ? MiddlewareResponse.rewrite(new URL('/fixed', request.url))
              : undefined,
        }),
      },
    )
    const response = await handler(payloadRequest('/alias', { 'x-secret': 'visitor data' }))
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    const text = await response.text()
    expect(text).toContain('none')
    expect(text).not.toContain('visitor data')
  })
})

describe('a posted body', () => {
  const post = (handler: ReturnType<typeof makeHandler>, body: string) =>
    handler(new Request('http://app.test/api/a', { method: 'POST', body }))

  it('reaches the route whole when the middleware does not read it', async () => {
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', {
        middleware: () => MiddlewareResponse.next({ headers: { 'x-ran': '1' } }),
      }),
    })
    const response = await post(handler, 'hello route')
    expect(response.headers.get('x-ran')).toBe('1')
    expect(await response.json()).toEqual({ body: 'hello route' })
  })

  it('reaches the route whole when the middleware read it first', async () => {
    let seen: string | undefined
    const handler = makeHandler(html, modules, {
      middleware: source('src/middleware.ts', {
        middleware: async (request: MiddlewareRequest) => {
          seen = await request.text()
        },
      }),
    })
    const response = await post(handler, 'read twice')
    expect(seen).toBe('read twice')
    expect(await response.json()).toEqual({ body: 'read twice' })
  })
})
