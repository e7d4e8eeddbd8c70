import { describe, expect, it, vi } from 'vitest'
import { DEFAULT_CONFIG } from '../../src/framework/config.ts'
import type { Route } from '../../src/framework/routing/typed-hrefs.ts'
import type { Params } from '../../src/framework/routing/types.ts'
import { handleRoute } from '../../src/framework/server/method-handlers.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import { runWithRequest, withSetCookies } from '../../src/framework/server/request-store.ts'
import { permanentRedirect, redirect } from '../../src/framework/wire/interrupts.ts'

type Handler = (request: Request, context: { params: Promise<Params> }) => Promise<Response>

const FILE = 'api/things/[id]/route.ts'

/** Runs handleRoute the way the server entry does: inside the request's context, cookies last. */
function serve(
  request: Request,
  mod: Record<string, unknown>,
  params: Params = {},
  bodySizeLimit = DEFAULT_CONFIG.routeHandlers.bodySizeLimit,
) {
  return runWithRequest(request, async () =>
    withSetCookies(await handleRoute(request, { file: FILE, mod }, params, { bodySizeLimit })),
  )
}

/** A handler answering `body`. */
function respond(body: string | null) {
  return vi.fn<Handler>(async () => new Response(body))
}

function request(method: string, init: RequestInit = {}): Request {
  return new Request('http://localhost/api/things/7', { method, ...init })
}

function allowOf(response: Response): string[] {
  return (response.headers.get('allow') ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean)
    .sort()
}

describe('handleRoute', () => {
  it('calls the method’s handler with the request and awaitable params', async () => {
    const GET = vi.fn<Handler>(async (req, { params }) => {
      const { id } = await params
      return Response.json({ id, url: req.url }, { headers: { 'x-handler': 'get' } })
    })
    const POST = vi.fn<Handler>(async () => new Response('posted'))
    const req = request('GET')
    const response = await serve(req, { GET, POST }, { id: '7' })

    expect(GET).toHaveBeenCalledTimes(1)
    expect(POST).not.toHaveBeenCalled()
    const [received, context] = GET.mock.calls[0]!
    expect(received).toBe(req)
    expect(context.params).toBeInstanceOf(Promise)
    expect(await context.params).toEqual({ id: '7' })
    expect(response.status).toBe(200)
    expect(response.headers.get('x-handler')).toBe('get')
    expect(await response.json()).toEqual({ id: '7', url: 'http://localhost/api/things/7' })
  })

  it('dispatches each method to its own handler', async () => {
    const mod = Object.fromEntries(
      ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((method) => [
        method,
        async (req: Request) => new Response(`${method} ${await req.text()}`),
      ]),
    )
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
      const response = await serve(request(method, { body: 'x' }), mod)
      expect(await response.text()).toBe(`${method} x`)
    }
  })

  it('passes catch-all params as arrays', async () => {
    const GET = vi.fn<Handler>(async (_req, { params }) => Response.json(await params))
    const response = await serve(request('GET'), { GET }, { path: ['a', 'b'] })
    expect(await response.json()).toEqual({ path: ['a', 'b'] })
  })

  it('falls back to GET for HEAD', async () => {
    const GET = vi.fn<Handler>(async () => new Response('body', { headers: { 'x-from': 'get' } }))
    const req = request('HEAD')
    const response = await serve(req, { GET })
    expect(GET).toHaveBeenCalledTimes(1)
    expect(GET.mock.calls[0]![0]).toBe(req)
    expect(response.status).toBe(200)
    expect(response.headers.get('x-from')).toBe('get')
  })

  it('prefers a HEAD handler over GET', async () => {
    const GET = vi.fn<Handler>(async () => new Response('get'))
    const HEAD = vi.fn<Handler>(async () => new Response(null, { status: 204 }))
    const response = await serve(request('HEAD'), { GET, HEAD })
    expect(HEAD).toHaveBeenCalledTimes(1)
    expect(GET).not.toHaveBeenCalled()
    expect(response.status).toBe(204)
  })

  it('answers a missing method with 405 and Allow: the exported methods, HEAD and OPTIONS', async () => {
    const GET = vi.fn<Handler>(async () => new Response('get'))
    const POST = vi.fn<Handler>(async () => new Response('post'))
    const response = await serve(request('DELETE'), { GET, POST })
    expect(response.status).toBe(405)
    expect(allowOf(response)).toEqual(['GET', 'HEAD', 'OPTIONS', 'POST'])
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(await response.text()).toContain('DELETE')
    expect(GET).not.toHaveBeenCalled()
    expect(POST).not.toHaveBeenCalled()
  })

  it('lists HEAD only when GET (or HEAD) is exported', async () => {
    const POST = respond('post')
    expect(allowOf(await serve(request('GET'), { POST }))).toEqual(['OPTIONS', 'POST'])
    const HEAD = respond(null)
    expect(allowOf(await serve(request('GET'), { HEAD, POST }))).toEqual([
      'HEAD',
      'OPTIONS',
      'POST',
    ])
    expect(allowOf(await serve(request('PUT'), { GET: POST, HEAD }))).toEqual([
      'GET',
      'HEAD',
      'OPTIONS',
    ])
  })

  it('ignores exports that are not functions or not HTTP methods', async () => {
    const mod = { GET: 'not a function', POST: respond('ok'), dynamic: 'x' }
    const response = await serve(request('GET'), mod)
    expect(response.status).toBe(405)
    expect(allowOf(response)).toEqual(['OPTIONS', 'POST'])
    expect((await serve(request('HEAD'), mod)).status).toBe(405)
  })

  it('answers OPTIONS without a handler with 204 and Allow', async () => {
    const response = await serve(request('OPTIONS'), {
      GET: respond('get'),
      PATCH: respond('patch'),
    })
    expect(response.status).toBe(204)
    expect(allowOf(response)).toEqual(['GET', 'HEAD', 'OPTIONS', 'PATCH'])
    expect(await response.text()).toBe('')
  })

  it('calls an OPTIONS handler when there is one', async () => {
    const OPTIONS = vi.fn<Handler>(
      async () => new Response(null, { status: 200, headers: { allow: 'custom' } }),
    )
    const response = await serve(request('OPTIONS'), { OPTIONS })
    expect(OPTIONS).toHaveBeenCalledTimes(1)
    expect(response.status).toBe(200)
    expect(response.headers.get('allow')).toBe('custom')
  })

  it('lets a handler read cookies and headers and set cookies, which go out as Set-Cookie', async () => {
    const POST = vi.fn<Handler>(async () => {
      const jar = await cookies()
      const visits = Number(jar.get('visits')?.value ?? 0) + 1
      jar.set('visits', String(visits), { httpOnly: true })
      jar.delete('flash')
      const agent = (await headers()).get('user-agent')
      return Response.json({ visits, agent }, { status: 201, headers: { 'set-cookie': 'own=1' } })
    })
    const req = request('POST', { headers: { cookie: 'visits=2; flash=hi', 'user-agent': 'ua' } })
    const response = await serve(req, { POST })
    expect(response.status).toBe(201)
    expect(await response.json()).toEqual({ visits: 3, agent: 'ua' })
    expect(response.headers.getSetCookie()).toEqual([
      'own=1',
      'visits=3; Path=/; HttpOnly',
      'flash=; Max-Age=0; Path=/',
    ])
  })

  it('adds Set-Cookie to a redirect returned by a handler', async () => {
    const GET = vi.fn<Handler>(async () => {
      ;(await cookies()).set('signed-in', 'yes')
      return Response.redirect('http://localhost/welcome', 303)
    })
    const response = await serve(request('GET'), { GET })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe('http://localhost/welcome')
    expect(response.headers.getSetCookie()).toEqual(['signed-in=yes; Path=/'])
  })

  it('sends no Set-Cookie when the handler sets none', async () => {
    const response = await serve(request('GET'), { GET: respond('plain') })
    expect(response.headers.getSetCookie()).toEqual([])
  })
})

describe('handleRoute with a handler that returns no Response', () => {
  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a string', 'ok'],
    ['a number', 200],
    ['an Object', { status: 200, body: 'x' }],
    ['a Map', new Map()],
    ['an object', Object.create(null)],
    ['a Function', () => new Response('called?')],
  ])('rejects with an error naming the file, the method and %s', async (what, value) => {
    const POST = vi.fn(async () => value)
    await expect(serve(request('POST'), { POST })).rejects.toThrow(
      `${FILE}: POST returned ${what}; a route handler must return a Response`,
    )
  })

  it('names the method that ran (HEAD served by GET says GET)', async () => {
    const GET = vi.fn(() => undefined)
    await expect(serve(request('HEAD'), { GET })).rejects.toThrow(`${FILE}: GET returned undefined`)
  })

  it('passes on what the handler threw or rejected with, Error or not', async () => {
    const thrown = 'a string, thrown'
    await expect(
      serve(request('POST'), {
        POST: vi.fn(() => {
          throw thrown
        }),
      }),
    ).rejects.toBe(thrown)
    const rejection = new Error('rejected')
    await expect(
      serve(request('POST'), { POST: vi.fn(() => Promise.reject(rejection)) }),
    ).rejects.toBe(rejection)
  })
})

describe('handleRoute with redirect()', () => {
  const mod = {
    GET: vi.fn(() => redirect('/target' as Route)),
    HEAD: vi.fn(() => redirect('/target' as Route)),
    POST: vi.fn(() => redirect('/target' as Route)),
    PUT: vi.fn(() => redirect('/target' as Route)),
    DELETE: vi.fn(() => permanentRedirect('/target' as Route)),
    PATCH: vi.fn(() => permanentRedirect('/target' as Route)),
  }

  it.each([
    ['GET', 307],
    ['HEAD', 307],
    ['POST', 303],
    ['PUT', 303],
    ['DELETE', 308],
    ['PATCH', 308],
  ])('%s answers %i with Location', async (method, status) => {
    const response = await serve(request(method), mod)
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe('/target')
  })

  it('percent-encodes a Location with non-ASCII characters', async () => {
    const response = await serve(request('GET'), {
      GET: vi.fn(() => redirect('/tags/café 漢?q=ü#ö' as Route)),
    })
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/tags/caf%C3%A9%20%E6%BC%A2?q=%C3%BC#%C3%B6')
  })
})

describe('request bodies within routeHandlers.bodySizeLimit (docs/security.md)', () => {
  /** A POST handler that reads its whole body and answers its size. */
  const sizeOf = vi.fn<Handler>(
    async (request) => new Response(String((await request.arrayBuffer()).byteLength)),
  )
  const chunked = (sizes: number[]) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const size of sizes) controller.enqueue(new Uint8Array(size))
        controller.close()
      },
    })

  it('a Content-Length over the limit gets 413 before the handler runs', async () => {
    sizeOf.mockClear()
    const post = request('POST', { body: 'x'.repeat(11), headers: { 'content-length': '11' } })
    const response = await serve(post, { POST: sizeOf }, {}, 10)
    expect(response.status).toBe(413)
    expect(await response.text()).toMatch(/larger than 10 bytes \(routeHandlers.bodySizeLimit\)/)
    expect(sizeOf).not.toHaveBeenCalled()
  })

  it('a body with no Content-Length that passes the limit while it streams gets 413', async () => {
    const post = request('POST', { body: chunked([6, 6]), duplex: 'half' } as RequestInit)
    const response = await serve(post, { POST: sizeOf }, {}, 10)
    expect(response.status).toBe(413)
    expect(response.headers.get('connection')).toBe('close')
  })

  it('a body within the limit reaches the handler whole', async () => {
    const post = request('POST', { body: chunked([5, 5]), duplex: 'half' } as RequestInit)
    const response = await serve(post, { POST: sizeOf }, {}, 10)
    expect(await response.text()).toBe('10')
  })
})
