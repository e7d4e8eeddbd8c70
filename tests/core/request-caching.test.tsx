// Who may keep an answer decided from request data (docs/protocol.md, "Caching: who may keep an
// answer"): once a render, a route handler or the middleware has read the request, its answer is
// `private, no-store` unless the app chose its own Cache-Control
// (server/request-store.ts, withRequestCaching(); server/middleware-run.ts).
import { describe, expect, it } from 'vitest'
import {
  cookies,
  headers,
  MiddlewareResponse,
  notFound,
  permanentRedirect,
  redirect,
} from '../../src/framework/index.ts'
import type { MiddlewareSource } from '../../src/framework/server/middleware-host.ts'
import { CACHE_CONTROL_PRIVATE } from '../../src/framework/wire/protocol.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

/** A page for signed-in visitors: the others are sent to /sign-in, as in the notebook's lab. */
async function SignedInOnly() {
  if (!(await cookies()).has('session')) permanentRedirect('/sign-in')
  return <p>Welcome back</p>
}

const modules: Modules = {
  'layout.tsx': { default: RootLayout },
  'members/page.tsx': { default: SignedInOnly },
  'hidden/page.tsx': {
    default: async () => {
      if (!(await headers()).has('x-staff')) notFound()
      return <p>Staff only</p>
    },
  },
  'api/[read]/route.ts': {
    GET: async (request: Request, { params }: { params: Promise<{ read: string }> }) => {
      const { read } = await params
      const query = new URL(request.url).searchParams
      if (read === 'cookies') await cookies()
      if (read === 'headers') await headers()
      if (query.has('redirect')) redirect('/sign-in')
      const cacheControl = query.get('cache')
      return new Response('ok', cacheControl ? { headers: { 'cache-control': cacheControl } } : {})
    },
  },
}

const get = (path: string, headers: Record<string, string> = {}) =>
  makeHandler(html, modules)(documentRequest(path, headers))

describe('a page that read the request', () => {
  it('answers its permanentRedirect() 308 private, no-store, and renders for a signed-in visitor', async () => {
    const anonymous = await get('/members')
    expect(anonymous.status).toBe(308)
    expect(anonymous.headers.get('location')).toBe('/sign-in')
    expect(anonymous.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)
    const signedIn = await get('/members', { cookie: 'session=token' })
    expect(signedIn.status).toBe(200)
    expect(await signedIn.text()).toContain('Welcome back')
  })

  it('answers its 404 screen private, no-store', async () => {
    const hidden = await get('/hidden')
    expect(hidden.status).toBe(404)
    expect(hidden.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)
    await hidden.arrayBuffer()
  })
})

describe('a route handler', () => {
  it.each(['cookies', 'headers'])(
    'that read %s() answers private, no-store, its redirects too',
    async (read) => {
      for (const path of [`/api/${read}`, `/api/${read}?redirect`]) {
        const response = await get(path)
        expect(response.status, path).toBe(path.endsWith('redirect') ? 307 : 200)
        expect(response.headers.get('cache-control'), path).toBe(CACHE_CONTROL_PRIVATE)
      }
    },
  )

  it('keeps the Cache-Control it chose, and has none when it read nothing', async () => {
    const own = await get('/api/cookies?cache=public, max-age=60')
    expect(own.headers.get('cache-control')).toBe('public, max-age=60')
    const none = await get('/api/nothing')
    expect(none.headers.get('cache-control')).toBeNull()
  })
})

describe("the middleware's own answer", () => {
  const middleware = (mod: Record<string, unknown>): MiddlewareSource => ({
    file: 'src/middleware.ts',
    load: async () => mod,
  })

  it('is private, no-store unless it chose its own Cache-Control', async () => {
    const handler = makeHandler(html, modules, {
      middleware: middleware({
        middleware: (request: Request) => {
          const to = new URL('/sign-in', request.url)
          if (new URL(request.url).searchParams.has('cache')) {
            const headers = { location: to.href, 'cache-control': 'max-age=5' }
            return new Response(null, { status: 308, headers })
          }
          return MiddlewareResponse.redirect(to, 308)
        },
      }),
    })
    const redirected = await handler(documentRequest('/members'))
    expect(redirected.status).toBe(308)
    expect(redirected.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)
    const own = await handler(documentRequest('/members?cache'))
    expect(own.headers.get('cache-control')).toBe('max-age=5')
  })

  it('with a cookie is private, no-store, as every answer that sets one', async () => {
    const handler = makeHandler(
      html,
      { 'page.tsx': { default: () => <p>Home</p> } },
      {
        middleware: {
          file: 'src/middleware.ts',
          load: async () => ({
            middleware: () => {
              const response = MiddlewareResponse.redirect('http://localhost/sign-in')
              response.cookies.set('returnTo', '/account')
              return response
            },
          }),
        },
      },
    )
    const response = await handler(documentRequest('/'))
    expect(response.status).toBe(307)
    expect(response.headers.get('set-cookie')).toContain('returnTo=')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})
