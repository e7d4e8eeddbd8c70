// Who may cache what (docs/protocol.md, "Caching"), over HTTP: dynamic documents and payloads are
// `private, no-store`; static pages carry an ETag and `no-cache`, and never hold a visitor's
// query; anything with Set-Cookie is kept out of shared caches; payload answers that differ by
// the prefetch header say so in `Vary`; If-None-Match understands weak tags and `*`. Answers
// decided from request data (a redirect, a route handler's answer) are private too, unless the app
// chose its own Cache-Control; in Chromium, a 308 to /sign-in is not kept past signing in.
import { describe, expect, test } from 'vitest'
import { HEADER_PREFETCH } from '../../src/framework/wire/protocol.ts'
import {
  ACCOUNTS,
  payloadPathOf,
  setupProductionServerAndBrowser,
  signIn,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers, redirect: 'manual' })
  return { response, body: await response.text() }
}

const varyOf = (response: Response) =>
  (response.headers.get('vary') ?? '')
    .toLowerCase()
    .split(',')
    .map((name) => name.trim())

describe('a static page holds no visitor query', () => {
  test('GET /about?token=SECRET first: neither later visitors nor the payload see the query', async () => {
    const first = await get('/about?token=SECRET')
    expect(first.response.status).toBe(200)
    expect(first.body).not.toContain('SECRET')

    const later = await get('/about')
    // The inlined payload (its JSON, unescaped, in a script's template literal) names the page
    // without a query.
    expect(later.body).toContain('"url":"/about"')
    expect(later.body).not.toContain('SECRET')

    const payload = await get(`${payloadPathOf('/about')}?token=SECRET`)
    expect(payload.body).not.toContain('SECRET')
    expect((await get(payloadPathOf('/about'))).body).not.toContain('SECRET')
  })

  test("a static page's first render sees no visitor cookie or header, and still classifies the route", async () => {
    // /lab/query is not classified yet: its first request is the whole render that classifies it.
    const first = await get('/lab/query?who=first-visitor', { cookie: 'session=COOKIE-SECRET' })
    expect(first.response.status).toBe(200)
    expect(first.body).not.toContain('first-visitor')
    expect(first.body).not.toContain('COOKIE-SECRET')
    const payload = await get(payloadPathOf('/lab/query'))
    expect(payload.response.headers.get('x-rsc-route-kind')).toBe('static')
    expect(payload.body).not.toContain('first-visitor')
  })
})

describe('Cache-Control', () => {
  test.each([
    ['/account', 'reads cookies()'],
    ['/stats', "exports dynamic = 'force-dynamic'"],
    ['/sign-in?next=/notes', 'awaits searchParams'],
  ])('%s (%s): document and payload are private, no-store', async (path) => {
    const [pathname, query] = path.split('?')
    for (const url of [path, `${payloadPathOf(pathname!)}${query ? `?${query}` : ''}`]) {
      const { response } = await get(url, { cookie: 'session=someone' })
      expect(response.status, url).toBeLessThan(500)
      expect(response.headers.get('cache-control'), url).toBe('private, no-store')
      expect(response.headers.get('etag'), url).toBeNull()
    }
  })

  test('the 404 document and payload are private, no-store', async () => {
    for (const url of ['/no-such-page', payloadPathOf('/no-such-page')]) {
      const { response } = await get(url)
      expect(response.status, url).toBe(404)
      expect(response.headers.get('cache-control'), url).toBe('private, no-store')
    }
  })

  test('a static page keeps its ETag and no-cache', async () => {
    await get('/notes/3') // classifies the route
    for (const url of ['/notes/3', payloadPathOf('/notes/3')]) {
      const { response } = await get(url)
      expect(response.headers.get('cache-control'), url).toBe('no-cache')
      expect(response.headers.get('etag'), url).toMatch(/^"[^"]+"$/)
    }
  })

  test('a route handler that sets a cookie is private, no-store, even when it claimed public', async () => {
    for (const url of ['/lab/cookie-route', '/lab/cookie-route?cache=public']) {
      const { response } = await get(url)
      expect(response.headers.get('set-cookie'), url).toContain('lab-visit=1')
      expect(response.headers.get('cache-control'), url).toBe('private, no-store')
    }
    // Without a cookie, the handler's own Cache-Control stands.
    const own = await get('/lab/cookie-route?cache=public&cookie=none')
    expect(own.response.headers.get('set-cookie')).toBeNull()
    expect(own.response.headers.get('cache-control')).toBe('public, max-age=60')
  })
})

describe('an answer decided from request data', () => {
  test("a page's permanentRedirect() after reading the session cookie: 308, private, no-store", async () => {
    const { response } = await get('/lab/signed-in')
    expect(response.status).toBe(308)
    expect(response.headers.get('location')).toBe('/sign-in')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    // A client navigation gets the redirect inside the payload, private as any rendered one.
    const payload = await get(payloadPathOf('/lab/signed-in'))
    expect(payload.response.headers.get('cache-control')).toBe('private, no-store')
  })

  test('in Chromium, the 308 to /sign-in is not kept: once signed in, the page shows', async () => {
    const page = await browser.newPage()
    await page.goto('/lab/signed-in')
    expect(new URL(page.url()).pathname).toBe('/sign-in')
    await signIn(page, ACCOUNTS.member)
    await page.goto('/lab/signed-in')
    expect(new URL(page.url()).pathname).toBe('/lab/signed-in')
    expect(await page.getByTestId('lab-signed-in').textContent()).toBe('Signed in as reader')
  })

  test.each([
    ['cookies', { cookie: 'who=ada' }],
    ['headers', { 'x-lab-who': 'ada' }],
  ])('a route handler that read %s() answers private, no-store', async (read, headers) => {
    const { response, body } = await get(`/lab/request-route?read=${read}`, headers)
    expect(body).toBe(`Read ${read}: ada\n`)
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })

  test('a route handler keeps the Cache-Control it chose; one that read nothing has none', async () => {
    const own = await get('/lab/request-route?read=cookies&cache=public', { cookie: 'who=ada' })
    expect(own.response.headers.get('cache-control')).toBe('public, max-age=60')
    const none = await get('/lab/request-route?read=none')
    expect(none.body).toBe('Read none: nobody\n')
    expect(none.response.headers.get('cache-control')).toBeNull()
  })
})

describe('Vary: x-rsc-prefetch', () => {
  test('a dynamic route answers a prefetch 204 and a navigation 200: both name the header in Vary', async () => {
    const path = payloadPathOf('/stats')
    const navigation = await get(path)
    const prefetch = await get(path, { [HEADER_PREFETCH]: '1' })
    expect(navigation.response.status).toBe(200)
    expect(prefetch.response.status).toBe(204)
    expect(varyOf(navigation.response)).toContain(HEADER_PREFETCH)
    expect(varyOf(prefetch.response)).toContain(HEADER_PREFETCH)
  })
})

describe('If-None-Match', () => {
  test.each([
    ['document', '/notes/8'],
    ['payload', payloadPathOf('/notes/8')],
  ])('a weak tag of the current ETag, or *, answers 304 for a static %s', async (_what, path) => {
    await get(path)
    const { response } = await get(path)
    const etag = response.headers.get('etag')!
    expect(etag).toMatch(/^"[^"]+"$/)
    for (const header of [`W/${etag}`, `"older", W/${etag}`, '*']) {
      const notModified = await get(path, { 'if-none-match': header })
      expect(notModified.response.status, header).toBe(304)
      expect(notModified.body, header).toBe('')
    }
    expect((await get(path, { 'if-none-match': 'W/"older"' })).response.status).toBe(200)
  })
})
