// cookies(), headers() and draftMode() inside the middleware (server/middleware-run.ts runs it in a
// request store of its own), and the cookies it sets seen by the route's cookies() in the same
// request, as in Next.js (docs/middleware.md "Request APIs"); cookies().size.
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/framework/config.ts'
import {
  cookies,
  draftMode,
  headers,
  type MiddlewareRequest,
  MiddlewareResponse,
} from '../../src/framework/index.ts'
import type { MiddlewareSource } from '../../src/framework/server/middleware-host.ts'
import { CACHE_CONTROL_PRIVATE, COOKIE_DRAFT_MODE } from '../../src/framework/wire/protocol.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

const SECRET = 'middleware-test-draft-secret'

function source(middleware: (request: MiddlewareRequest) => unknown): MiddlewareSource {
  return { file: 'src/middleware.ts', load: async () => ({ middleware }) }
}

/** What cookies() shows a route: every cookie, and how many. */
async function seenCookies() {
  const store = await cookies()
  return {
    cookies: Object.fromEntries(store.getAll().map((c) => [c.name, c.value])),
    size: store.size,
  }
}

const modules: Modules = {
  'layout.tsx': { default: RootLayout },
  'page.tsx': {
    default: async () => {
      const store = await cookies()
      return <p>{`theme=${store.get('theme')?.value ?? 'none'} size=${store.size}`}</p>
    },
  },
  'api/cookies/route.ts': { GET: async () => Response.json(await seenCookies()) },
  'api/set/route.ts': {
    GET: async () => {
      ;(await cookies()).set('theme', 'from-route')
      return Response.json(await seenCookies())
    },
  },
}

const get = (handler: ReturnType<typeof makeHandler>, path: string, init?: RequestInit) =>
  handler(new Request(new URL(path, 'http://app.test'), init))

describe('request APIs inside the middleware', () => {
  it('headers(), cookies() (with size) and draftMode() read the request it handles', async () => {
    const handler = makeHandler(html, modules, {
      config: resolveConfig({ draftModeSecret: SECRET }),
      middleware: source(async () => {
        const cookieStore = await cookies()
        return MiddlewareResponse.json({
          visitor: (await headers()).get('x-visitor'),
          theme: cookieStore.get('theme')?.value,
          size: cookieStore.size,
          draft: (await draftMode()).isEnabled,
        })
      }),
    })
    const response = await get(handler, '/api/cookies', {
      headers: {
        'x-visitor': 'ada',
        cookie: `theme=dark; lang=en; ${COOKIE_DRAFT_MODE}=${SECRET}`,
      },
    })
    expect(await response.json()).toEqual({ visitor: 'ada', theme: 'dark', size: 3, draft: true })
    const plain = await get(handler, '/api/cookies', { headers: { 'x-visitor': 'bob' } })
    expect(await plain.json()).toEqual({ visitor: 'bob', size: 0, draft: false })
  })

  it('cookies().set() and draftMode().enable() there are added to its answer, whatever it is', async () => {
    const handler = makeHandler(html, modules, {
      config: resolveConfig({ draftModeSecret: SECRET }),
      middleware: source(async (request) => {
        ;(await cookies()).set('visited', '1', { httpOnly: true })
        if (request.nextUrl.pathname === '/api/own') return new Response('own answer')
        ;(await draftMode()).enable()
        return undefined
      }),
    })
    const own = await get(handler, '/api/own')
    expect(await own.text()).toBe('own answer')
    expect(own.headers.getSetCookie()).toEqual(['visited=1; Path=/; HttpOnly'])
    expect(own.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)

    const next = await get(handler, '/api/cookies')
    expect(next.headers.getSetCookie()).toEqual([
      'visited=1; Path=/; HttpOnly',
      `${COOKIE_DRAFT_MODE}=${SECRET}; Path=/; HttpOnly; SameSite=Lax`,
    ])
    expect(next.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)
    // The route sees them too, in the same request.
    expect(await next.json()).toEqual({
      cookies: { visited: '1', [COOKIE_DRAFT_MODE]: SECRET },
      size: 2,
    })
  })
})

describe('cookies the middleware sets on next() or rewrite()', () => {
  const setting = source((request) => {
    if (request.headers.get('x-no-cookie')) return undefined
    const response =
      request.nextUrl.pathname === '/api/alias'
        ? MiddlewareResponse.rewrite(new URL('/api/cookies', request.url))
        : MiddlewareResponse.next()
    response.cookies.set('theme', 'from-middleware')
    response.cookies.delete('stale')
    return response
  })

  it('are what cookies() reads in the page of the same request, and are sent', async () => {
    const handler = makeHandler(html, modules, { middleware: setting })
    const response = await handler(documentRequest('/', { cookie: 'lang=en; stale=1' }))
    expect(response.status).toBe(200)
    expect(visibleHtml(await response.text())).toContain('theme=from-middleware size=2')
    expect(response.headers.getSetCookie()).toEqual([
      'theme=from-middleware; Path=/',
      'stale=; Max-Age=0; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT',
    ])
    expect(response.headers.get('cache-control')).toBe(CACHE_CONTROL_PRIVATE)
  })

  it("are what a route handler's cookies() reads, after a rewrite too", async () => {
    const handler = makeHandler(html, modules, { middleware: setting })
    for (const path of ['/api/cookies', '/api/alias']) {
      const response = await get(handler, path, { headers: { cookie: 'theme=dark; stale=1' } })
      expect(await response.json()).toEqual({ cookies: { theme: 'from-middleware' }, size: 1 })
    }
  })

  it("come before the route's own in the answer: a cookie the route sets again is the one kept", async () => {
    const handler = makeHandler(html, modules, { middleware: setting })
    const response = await get(handler, '/api/set')
    expect(await response.json()).toEqual({ cookies: { theme: 'from-route' }, size: 1 })
    expect(response.headers.getSetCookie().map((line) => line.split(';')[0])).toEqual([
      'theme=from-middleware',
      'stale=',
      'theme=from-route',
    ])
  })

  it('belong to their request: a concurrent one the middleware sets nothing for sees none', async () => {
    const handler = makeHandler(html, modules, { middleware: setting })
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        get(handler, '/api/cookies', { headers: i % 2 ? { 'x-no-cookie': '1' } : {} }).then(
          (response) => response.json(),
        ),
      ),
    )
    answers.forEach((answer, i) => {
      expect(answer).toEqual(
        i % 2 ? { cookies: {}, size: 0 } : { cookies: { theme: 'from-middleware' }, size: 1 },
      )
    })
  })
})
