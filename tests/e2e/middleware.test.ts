// The app's middleware (src/middleware.ts, docs/routing.md "Middleware"): it runs before routing
// for the paths its matcher names, for documents, payloads, server function posts (with and
// without JavaScript) and route handlers; it may answer, redirect, rewrite, or go on with request
// headers, response headers and cookies. Client navigations follow its rewrites and redirects
// without a document load. Its failures answer 500 with a digest and the server keeps serving.
import { describe, expect, test } from 'vitest'
import {
  callServerFunction,
  clickCounter,
  collectPageErrors,
  counter,
  formBody,
  formWith,
  gotoHydrated,
  historyLength,
  linkTo,
  pathOf,
  type RawResponse,
  RequestLog,
  rawRequest,
  sendRaw,
  setupProductionServerAndBrowser,
  waitForLoggedError,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const HEADERS_PAGE = '/lab/middleware/headers'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

const get = (path: string, init?: RequestInit) =>
  fetch(`${app.url}${path}`, { redirect: 'manual', ...init })

/** The text of `data-testid` in server-rendered HTML (React puts `<!-- -->` between parts). */
function testIdText(html: string, testId: string): string | undefined {
  const match = html.match(new RegExp(`data-testid="${testId}"[^>]*>([^<]*(?:<!-- -->[^<]*)*)<`))
  return match?.[1]?.replaceAll('<!-- -->', '')
}

describe('what it answers over HTTP', () => {
  test('an old share link /note/5 answers 308 to /notes/5, before any route', async () => {
    const response = await get('/note/5')
    expect(response.status).toBe(308)
    expect(new URL(response.headers.get('location')!, app.url).pathname).toBe('/notes/5')
  })

  test('an answer of its own is sent as it is', async () => {
    const response = await get('/lab/middleware/answer')
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ answeredBy: 'middleware' })
  })

  test('a request header it sets is what headers() reads, and its response header and cookie are sent', async () => {
    const response = await get(HEADERS_PAGE)
    expect(response.status).toBe(200)
    const id = response.headers.get('x-request-id')
    expect(id).toMatch(UUID)
    expect(testIdText(await response.text(), 'request-id')).toBe(`x-request-id: ${id}`)
    expect(response.headers.getSetCookie()).toEqual(['lab-middleware=seen; Path=/; HttpOnly'])
    // An answer that sets a cookie is no cache's to keep.
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    // Its own signals never reach the client.
    for (const name of response.headers.keys()) expect(name).not.toMatch(/^x-middleware-/)
  })

  test('a cookie it sets on next() is what cookies() reads in the page of the same request', async () => {
    const fresh = await get(HEADERS_PAGE)
    expect(testIdText(await fresh.text(), 'middleware-cookie')).toBe('lab-middleware cookie: seen')
    // It replaces the one the browser sent, for this request's page too.
    const old = await get(HEADERS_PAGE, { headers: { cookie: 'lab-middleware=old' } })
    expect(testIdText(await old.text(), 'middleware-cookie')).toBe('lab-middleware cookie: seen')
  })

  test('request headers it sets belong to their request: concurrent requests each see their own', async () => {
    const responses = await Promise.all(Array.from({ length: 12 }, () => get(HEADERS_PAGE)))
    const ids = await Promise.all(
      responses.map(async (response) => {
        const sent = response.headers.get('x-request-id')
        expect(testIdText(await response.text(), 'request-id')).toBe(`x-request-id: ${sent}`)
        return sent
      }),
    )
    expect(new Set(ids).size).toBe(12)
  })

  test('it runs for payloads, route handlers and server function posts with and without JavaScript', async () => {
    const payload = await get(`${HEADERS_PAGE}_.rsc`)
    expect(payload.status).toBe(200)
    expect(payload.headers.get('x-request-id')).toMatch(UUID)
    const handler = await get('/api/notes')
    expect(handler.status).toBe(200)
    expect(handler.headers.get('x-request-id')).toMatch(UUID)

    const form = formWith(await (await get(HEADERS_PAGE)).text(), 'Post a server function')
    const noJs = await get(HEADERS_PAGE, { method: 'POST', body: formBody(form) })
    expect(noJs.status).toBe(200)
    expect(noJs.headers.get('x-request-id')).toMatch(UUID)
    const call = await callServerFunction(fetch, app.url, {
      pagePath: HEADERS_PAGE,
      actionId: form.actionIds[0]!,
      args: [new FormData()],
    })
    expect(call.status).toBe(200)
    expect(call.headers.get('x-request-id')).toMatch(UUID)
  })

  test('requests its matcher leaves out do not run it', async () => {
    for (const path of ['/about', '/bench/static', '/lab']) {
      const response = await get(path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('x-request-id'), path).toBeNull()
    }
    // `missing: [{ type: 'cookie', key: 'session' }]`: without the cookie it redirects…
    const signedOut = await get('/lab/members-only')
    expect(signedOut.status).toBe(307)
    expect(new URL(signedOut.headers.get('location')!).pathname).toBe('/sign-in')
    // …with it, the middleware does not run and the route answers (there is no page: 404).
    const withCookie = await get('/lab/members-only', { headers: { cookie: 'session=x' } })
    expect(withCookie.status).toBe(404)
  })

  test('a redirect of a payload request goes to the target page’s payload URL', async () => {
    const response = await get('/lab/middleware/moved_.rsc')
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/lab/middleware/target/moved_.rsc')
  })
})

describe('another spelling of a path its matcher names (docs/routing.md, "One spelling of a path")', () => {
  /** The request as sent, path and all: fetch would tidy `//notes` or `/./` away. */
  function send(method: string, target: string, body = ''): Promise<RawResponse> {
    const headers: [string, string][] = [
      ['host', new URL(app.url).host],
      ['connection', 'close'],
    ]
    if (body)
      headers.push(['content-type', 'application/json'], ['content-length', `${body.length}`])
    return sendRaw(app.url, rawRequest(method, target, headers, body))
  }

  test('a document moves with 308 to the canonical URL, which the middleware runs for', async () => {
    for (const [spelled, canonical] of [
      ['/notes//3', '/notes/3'],
      ['//notes/3', '/notes/3'],
      ['/notes/3/', '/notes/3'],
      ['/notes/3//?from=spelled', '/notes/3?from=spelled'],
      ['/x/..//notes/3', '/notes/3'],
      ['/notes/%2e/3', '/notes/3'],
      ['/api//notes', '/api/notes'],
      ['//api/notes/', '/api/notes'],
    ] as const) {
      const moved = await send('GET', spelled)
      if (moved.status === 308) {
        expect(moved.headers.location, spelled).toBe(canonical)
      } else {
        // A spelling the server reads as the canonical path (`.` segments) is served as it.
        expect(moved.headers['x-request-id'], spelled).toMatch(UUID)
      }
      const served = await get(canonical)
      expect(served.status, canonical).toBe(200)
      expect(served.headers.get('x-request-id'), canonical).toMatch(UUID)
    }
  })

  test('a document its matcher redirects (signed out) is redirected whatever its spelling', async () => {
    const moved = await send('GET', '//lab/members-only')
    expect(moved.status).toBe(308)
    expect(moved.headers.location).toBe('/lab/members-only')
    const response = await send('GET', '/lab/members-only')
    expect(response.status).toBe(307)
    expect(new URL(response.headers.location!).pathname).toBe('/sign-in')
  })

  test('a payload is the payload of the canonical path, the middleware included', async () => {
    const canonical = await get('/notes/3_.rsc')
    for (const spelled of [
      '//notes/3_.rsc',
      '/notes//3_.rsc',
      '/notes/3/_.rsc',
      '//notes//3//_.rsc',
    ]) {
      const response = await send('GET', spelled)
      expect(response.status, spelled).toBe(canonical.status)
      expect(response.headers['content-type'], spelled).toBe(canonical.headers.get('content-type'))
      expect(response.headers['x-request-id'], spelled).toMatch(UUID)
    }
  })

  test('a payload its matcher redirects goes to the target’s payload URL whatever its spelling', async () => {
    for (const spelled of ['//lab/members-only_.rsc', '/lab//members-only/_.rsc']) {
      const response = await send('GET', spelled)
      expect(response.status, spelled).toBe(307)
      expect(response.headers.location, spelled).toBe('/sign-in_.rsc')
    }
  })

  test('a POST to the route handler runs the middleware, then the handler', async () => {
    for (const spelled of ['/api//notes', '//api/notes', '/api/notes/', '/api/./notes']) {
      const response = await send('POST', spelled, JSON.stringify({ query: 'garden' }))
      expect(response.status, spelled).toBe(200)
      expect(response.headers['x-request-id'], spelled).toMatch(UUID)
      expect(JSON.parse(response.body.toString()), spelled).toMatchObject({ query: 'garden' })
    }
  })
})

describe('rewrites', () => {
  test('the target page renders with its params; the browser keeps its URL and usePathname() shows it', async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    const response = await page.goto('/lab/middleware/alias/one')
    expect(response?.status()).toBe(200)
    await page.getByTestId('target-name').filter({ hasText: 'Target: one' }).waitFor()
    expect(pathOf(page)).toBe('/lab/middleware/alias/one')
    const shown = 'usePathname(): /lab/middleware/alias/one; useParams().name: one'
    // Server-rendered with the browser's URL, so hydration finds the same text.
    expect(testIdText((await response?.text()) ?? '', 'shown-path')).toBe(shown)
    await gotoHydrated(page, '/lab/middleware/alias/one')
    expect(await page.getByTestId('shown-path').textContent()).toBe(shown)
    expect(errors).toEqual([])
  })

  test('a rewritten request neither fills nor reads the static page store of its target', async () => {
    // Rewritten first: the target's static page must not be the rewritten render.
    const rewritten = await get('/lab/middleware/alias/two')
    expect(rewritten.headers.get('cache-control')).toBe('private, no-store')
    expect(testIdText(await rewritten.text(), 'shown-path')).toContain('/lab/middleware/alias/two')
    for (let i = 0; i < 2; i++) {
      const direct = await get('/lab/middleware/target/two')
      expect(direct.headers.get('etag')).not.toBeNull() // static, from memory
      expect(testIdText(await direct.text(), 'shown-path')).toBe(
        'usePathname(): /lab/middleware/target/two; useParams().name: two',
      )
      const again = await get('/lab/middleware/alias/two')
      expect(again.headers.get('etag')).toBeNull()
      expect(testIdText(await again.text(), 'shown-path')).toBe(
        'usePathname(): /lab/middleware/alias/two; useParams().name: two',
      )
    }
  })
})

describe('client navigations', () => {
  test('a Link to a rewritten URL renders the target from its payload, no document load', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/middleware')
    const requests = RequestLog.start(page)
    await clickCounter(page, 'Clicked 1 time')
    await linkTo(page, '/lab/middleware/alias/one').click()
    await page.getByTestId('target-name').filter({ hasText: 'Target: one' }).waitFor()
    expect(pathOf(page)).toBe('/lab/middleware/alias/one')
    expect(await page.getByTestId('shown-path').textContent()).toBe(
      'usePathname(): /lab/middleware/alias/one; useParams().name: one',
    )
    expect(requests.documentPaths()).toEqual([])
    expect(await counter(page).textContent()).toBe('Clicked 1 time')
  })

  test.each([
    { href: '/lab/middleware/moved', to: '/lab/middleware/target/moved', text: 'Target: moved' },
    { href: '/note/5', to: '/notes/5', text: 'Note id: 5' },
  ])(
    'a Link to $href, which the middleware redirects, lands on $to without a document load',
    async ({ href, to, text }) => {
      const page = await chromium.newPage()
      await gotoHydrated(page, '/lab/middleware')
      const length = await historyLength(page)
      const requests = RequestLog.start(page)
      await clickCounter(page, 'Clicked 1 time')
      await linkTo(page, href).click()
      await page.getByText(text).first().waitFor()
      await page.waitForURL((url) => url.pathname === to)
      expect(requests.documentPaths()).toEqual([])
      expect(await counter(page).textContent()).toBe('Clicked 1 time')
      if (to.startsWith('/lab/')) {
        expect(await page.getByTestId('shown-path').textContent()).toBe(
          'usePathname(): /lab/middleware/target/moved; useParams().name: moved',
        )
      }
      // One history entry, at the target; Back returns to the page the Link was on.
      expect(await historyLength(page)).toBe(length + 1)
      await page.goBack()
      await page.getByRole('heading', { level: 1, name: 'Middleware lab' }).waitFor()
      expect(pathOf(page)).toBe('/lab/middleware')
    },
  )
})

describe('failures', () => {
  test.each([
    { path: '/lab/middleware/throw', logged: 'Error: The lab middleware failed on purpose' },
    { path: '/lab/middleware/reject', logged: 'Error: The lab middleware rejected on purpose' },
    {
      path: '/lab/middleware/bad',
      logged:
        'TypeError: src/middleware.ts returned "not a response". A middleware returns a Response',
    },
  ])(
    '$path answers 500 with a digest, logged with the error; the server keeps serving',
    async ({ path, logged }) => {
      for (const format of ['', '_.rsc']) {
        const response = await get(`${path}${format}`)
        expect(response.status).toBe(500)
        const digest = (await response.text()).match(/digest (\d+)/)?.[1]
        expect(digest, 'the answer names a digest').toBeDefined()
        const error = await waitForLoggedError(app.server.process, digest!)
        expect(error.detail[0]).toContain(logged)
      }
      expect((await get('/about')).status).toBe(200)
    },
  )
})
