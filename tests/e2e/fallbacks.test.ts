// Interrupts in document requests (docs/errors.md, issue 4): the columns "before the first
// byte of HTML" and "after the shell has streamed" of the table, for the default screens of
// src/fallbacks and for segment overrides (the notes and account folders of the app, and
// src/routes/(lab)/lab/scoped), plus precedence, a redirect to another origin and one to the
// URL being rendered.
import type { CDPSession, Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  ACCOUNT_UNAUTHORIZED_TEXT,
  ACCOUNTS,
  EXTERNAL_TEXT,
  EXTERNAL_URL,
  FORBIDDEN_TEXT,
  historyLength,
  loggedErrors,
  NOT_FOUND_TEXT,
  NOTE_NOT_FOUND_TEXT,
  pathOf,
  RequestLog,
  SCOPED_LAB_TEXTS,
  serveExternalOrigin,
  serverErrorText,
  setupProductionServerAndBrowser,
  signIn,
  UNAUTHORIZED_TEXT,
  waitForHydration,
  waitForLoggedError,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  return chromium.newPage(options)
}

/** A document request as a browser makes it, without following redirects. */
async function getDocument(path: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(app.url + path, {
    redirect: 'manual',
    headers: { accept: 'text/html' },
  })
  return { response, html: await response.text() }
}

const NOINDEX_META = /<meta name="robots" content="noindex"\s*\/?>/

function refreshMeta(delay: number, url: string): RegExp {
  const escaped = url.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  return new RegExp(`<meta http-equiv="refresh" content="${delay};url=${escaped}"\\s*/?>`)
}

/** The HTML without its scripts (the inlined payload names every screen a boundary may show). */
function withoutScripts(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
}

/**
 * Loads `path`, which redirects to the other origin. Playwright reports a navigation whose
 * redirect it intercepts on another origin as failed (net::ERR_NAME_NOT_RESOLVED) and then loads
 * the intercepted target: the outcome is checked on the page, not on this call.
 */
async function gotoRedirectingAway(page: Page, path: string): Promise<void> {
  await page.goto(path).catch(() => {})
  await page.waitForURL(EXTERNAL_URL)
}

/** Loads `from`, then `path` as a second document, so Back has somewhere to go. */
async function openAfter(page: Page, from: string, path: string) {
  await page.goto(from)
  return page.goto(path)
}

describe('before the first byte: the default screens', () => {
  const cases = [
    { path: '/lab/interrupt/not-found', status: 404, message: NOT_FOUND_TEXT },
    { path: '/no/such/page', status: 404, message: NOT_FOUND_TEXT },
    { path: '/notes/999/no-such-child', status: 404, message: NOT_FOUND_TEXT },
    { path: '/lab/interrupt/unauthorized', status: 401, message: UNAUTHORIZED_TEXT },
    { path: '/lab/interrupt/forbidden', status: 403, message: FORBIDDEN_TEXT },
    // An app page with no screen of its own: signed out, /admin is the default 401.
    { path: '/admin', status: 401, message: UNAUTHORIZED_TEXT },
  ]

  test.each(cases)('$path answers $status with $message', async ({ path, status, message }) => {
    const page = await open()
    const response = (await openAfter(page, '/lab', path))!
    expect(response.status()).toBe(status)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    // The status, a rule, the message; the title is "{status}: {message}".
    await page.getByRole('heading', { level: 2, name: message, exact: true }).waitFor()
    expect(
      await page.getByRole('heading', { level: 1, name: String(status), exact: true }).count(),
    ).toBe(1)
    expect(await page.title()).toBe(`${status}: ${message}`)
    // The URL is kept, and the screen is a history entry of its own like any page.
    expect(pathOf(page)).toBe(path)
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
  })

  test('the HTML says so before any script runs (JavaScript off)', async () => {
    for (const { path, status, message } of cases) {
      const page = await open({ javaScriptEnabled: false })
      const response = await page.goto(path)
      expect(response?.status(), path).toBe(status)
      expect(await page.locator('h2').allTextContents(), path).toContain(message)
      const { html } = await getDocument(path)
      expect(html, path).toMatch(NOINDEX_META)
    }
  })
})

describe('before the first byte: segment screens override the default ones', () => {
  const cases = [
    {
      path: '/notes/999',
      status: 404,
      heading: NOTE_NOT_FOUND_TEXT,
      title: `404: ${NOTE_NOT_FOUND_TEXT}`,
      defaultText: NOT_FOUND_TEXT,
    },
    {
      path: '/account',
      status: 401,
      heading: ACCOUNT_UNAUTHORIZED_TEXT,
      title: `401: ${ACCOUNT_UNAUTHORIZED_TEXT}`,
      defaultText: UNAUTHORIZED_TEXT,
    },
    {
      path: '/lab/scoped/not-found',
      status: 404,
      heading: SCOPED_LAB_TEXTS[404],
      title: `404: ${SCOPED_LAB_TEXTS[404]}`,
      defaultText: NOT_FOUND_TEXT,
    },
    {
      path: '/lab/scoped/unauthorized',
      status: 401,
      heading: SCOPED_LAB_TEXTS[401],
      title: `401: ${SCOPED_LAB_TEXTS[401]}`,
      defaultText: UNAUTHORIZED_TEXT,
    },
    {
      path: '/lab/scoped/forbidden',
      status: 403,
      heading: SCOPED_LAB_TEXTS[403],
      title: `403: ${SCOPED_LAB_TEXTS[403]}`,
      defaultText: FORBIDDEN_TEXT,
    },
  ]

  test.each(cases)(
    '$path answers $status with $heading',
    async ({ path, status, heading, title, defaultText }) => {
      const page = await open()
      const response = await page.goto(path)
      expect(response?.status()).toBe(status)
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor()
      expect(await page.title()).toBe(title)
      expect(await page.getByText(defaultText).count()).toBe(0)
      expect(pathOf(page)).toBe(path)
    },
  )

  test('the notes screen is shown inside the notes layout', async () => {
    const page = await open({ javaScriptEnabled: false })
    const response = await page.goto('/notes/999')
    expect(response?.status()).toBe(404)
    await page
      .getByRole('region', { name: 'Notes section' })
      .getByText(NOTE_NOT_FOUND_TEXT)
      .waitFor()
  })
})

describe('before the first byte: the app for signed-in users', () => {
  test('/admin is 403 with the default forbidden screen for a member, the page for an admin', async () => {
    const member = await open()
    await signIn(member, ACCOUNTS.member)
    const forbidden = await member.goto('/admin')
    expect(forbidden?.status()).toBe(403)
    await member.getByRole('heading', { level: 2, name: FORBIDDEN_TEXT, exact: true }).waitFor()
    expect(await member.title()).toBe(`403: ${FORBIDDEN_TEXT}`)

    const admin = await open()
    await signIn(admin, ACCOUNTS.admin)
    const allowed = await admin.goto('/admin')
    expect(allowed?.status()).toBe(200)
    await admin.getByTestId('admin-summary').waitFor()
  })

  test('/account is the page once signed in (its 401 screen only when signed out)', async () => {
    const page = await open()
    await signIn(page, ACCOUNTS.member)
    const response = await page.goto('/account')
    expect(response?.status()).toBe(200)
    expect(await page.getByTestId('signed-in-as').textContent()).toBe(
      'Signed in as reader (member)',
    )
  })
})

describe('before the first byte: redirects', () => {
  const cases = [
    { path: '/lab/interrupt/redirect', status: 307, location: '/about' },
    { path: '/lab/interrupt/permanent-redirect', status: 308, location: '/about' },
    { path: '/n/5', status: 308, location: '/notes/5' },
    { path: '/lab/interrupt/external', status: 307, location: EXTERNAL_URL },
  ]

  test.each(cases)(
    '$path answers $status with Location: $location',
    async ({ path, status, location }) => {
      const { response, html } = await getDocument(path)
      expect(response.status).toBe(status)
      expect(response.headers.get('location')).toBe(location)
      expect(html).toBe('')
    },
  )

  test('the browser lands on the target and the redirecting URL leaves no history entry', async () => {
    const page = await open()
    await page.goto('/lab')
    const length = await historyLength(page)
    const response = await page.goto('/lab/interrupt/redirect')
    expect(response?.status()).toBe(200)
    expect(response?.request().redirectedFrom()?.url()).toBe(`${app.url}/lab/interrupt/redirect`)
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
    expect(pathOf(page)).toBe('/about')
    expect(await historyLength(page)).toBe(length + 1)
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
  })

  test('an old note URL moves to its new place for good (308)', async () => {
    const page = await open()
    const response = await page.goto('/n/5')
    expect(response?.request().redirectedFrom()?.url()).toBe(`${app.url}/n/5`)
    await page.getByTestId('note-id').filter({ hasText: 'Note id: 5' }).waitFor()
    expect(pathOf(page)).toBe('/notes/5')
  })

  test('a redirect to another origin is a full-page navigation there', async () => {
    const page = await open()
    const external = await serveExternalOrigin(page.context())
    await gotoRedirectingAway(page, '/lab/interrupt/external')
    await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
    expect(external.resourceTypes()).toEqual(['document'])
  })
})

describe('precedence', () => {
  test('redirect() wins over notFound() thrown before it in the same render', async () => {
    for (const path of ['/lab/interrupt/both', '/lab/scoped/not-found,redirect']) {
      const { response } = await getDocument(path)
      expect(response.status, path).toBe(307)
      expect(response.headers.get('location'), path).toBe('/about')
    }
  })

  test('between access fallbacks, the first thrown wins', async () => {
    const first = await getDocument('/lab/scoped/forbidden,not-found')
    expect(first.response.status).toBe(403)
    expect(withoutScripts(first.html)).toContain(`<h1>${SCOPED_LAB_TEXTS[403]}</h1>`)
    expect(withoutScripts(first.html)).not.toContain(SCOPED_LAB_TEXTS[404])

    const second = await getDocument('/lab/scoped/not-found,forbidden')
    expect(second.response.status).toBe(404)
    expect(withoutScripts(second.html)).toContain(`<h1>${SCOPED_LAB_TEXTS[404]}</h1>`)
    expect(withoutScripts(second.html)).not.toContain(SCOPED_LAB_TEXTS[403])
  })

  test('between redirects, the first thrown wins', async () => {
    const notesFirst = await getDocument('/lab/scoped/redirect-notes,redirect')
    expect(notesFirst.response.status).toBe(307)
    expect(notesFirst.response.headers.get('location')).toBe('/notes')
    const aboutFirst = await getDocument('/lab/scoped/redirect,redirect-notes')
    expect(aboutFirst.response.headers.get('location')).toBe('/about')
  })
})

describe('a redirect to the URL being rendered', () => {
  test('answers 500 with the server-side error screen once, instead of redirecting in a loop', async () => {
    const host = new URL(app.url).hostname
    const from = app.server.process.output.length
    const { response, html } = await getDocument('/lab/interrupt/self')
    expect(response.status).toBe(500)
    expect(response.headers.get('location')).toBeNull()
    expect(html).toContain(serverErrorText(host))
    const digest = html.match(/Digest: (\d+)/)?.[1]
    expect(digest).toBeDefined()
    const logged = await waitForLoggedError(app.server.process, digest!)
    expect(logged.detail[0]).toContain('would loop')
    expect(loggedErrors(app.server.process, from)).toHaveLength(1)
  })

  test('the browser shows that screen and makes no further request', async () => {
    const page = await open()
    const requests = RequestLog.start(page)
    const response = await page.goto('/lab/interrupt/self')
    expect(response?.status()).toBe(500)
    await page.getByText(serverErrorText(new URL(app.url).hostname), { exact: true }).waitFor()
    expect(requests.documentPaths()).toEqual(['/lab/interrupt/self'])
    expect(pathOf(page)).toBe('/lab/interrupt/self')
  })
})

describe('after the shell has streamed: access fallbacks', () => {
  const cases = [
    { path: '/lab/interrupt/not-found?late=1', text: NOT_FOUND_TEXT },
    { path: '/lab/interrupt/unauthorized?late=1', text: UNAUTHORIZED_TEXT },
    { path: '/lab/interrupt/forbidden?late=1', text: FORBIDDEN_TEXT },
    { path: '/lab/scoped/not-found?late=1', text: SCOPED_LAB_TEXTS[404] },
    { path: '/lab/scoped/unauthorized?late=1', text: SCOPED_LAB_TEXTS[401] },
    { path: '/lab/scoped/forbidden?late=1', text: SCOPED_LAB_TEXTS[403] },
  ]

  test.each(cases)(
    '$path answers 200 with the noindex meta, then shows $text',
    async ({ path, text }) => {
      const { response, html } = await getDocument(path)
      expect(response.status).toBe(200)
      // The shell (the page's heading) went out before the interrupt; the meta followed.
      expect(html).toContain('(after the shell)')
      expect(html).toMatch(NOINDEX_META)
      expect(html.indexOf('(after the shell)')).toBeLessThan(html.search(NOINDEX_META))

      const page = await open()
      const loaded = await openAfter(page, '/lab', path)
      expect(loaded?.status()).toBe(200)
      await page.getByText(text, { exact: true }).waitFor()
      expect(await page.getByText('Loading the late part…').count()).toBe(0)
      expect(pathOf(page)).toBe(path)
      await page.goBack()
      await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    },
  )
})

describe('after the shell has streamed: redirects', () => {
  const cases = [
    { path: '/lab/interrupt/redirect?late=1', delay: 1, url: '/about' },
    { path: '/lab/interrupt/permanent-redirect?late=1', delay: 0, url: '/about' },
    { path: '/lab/interrupt/external?late=1', delay: 1, url: EXTERNAL_URL },
  ]

  test.each(cases)(
    '$path answers 200 with a refresh meta (delay $delay) to $url',
    async ({ path, delay, url }) => {
      const { response, html } = await getDocument(path)
      expect(response.status).toBe(200)
      expect(html).toContain('(after the shell)')
      expect(html).toMatch(refreshMeta(delay, url))
      expect(html.indexOf('(after the shell)')).toBeLessThan(html.search(refreshMeta(delay, url)))
    },
  )

  test.each(cases.slice(0, 2))(
    'with JavaScript, $path ends on /about, and Back skips the redirecting URL',
    async ({ path }) => {
      const page = await open()
      await page.goto('/lab')
      const length = await historyLength(page)
      await page.goto(path)
      await page.waitForURL((url) => url.pathname === '/about')
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
      expect(await historyLength(page)).toBe(length + 1)
      await page.goBack()
      await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    },
  )

  test.each(cases.slice(0, 2))(
    'without JavaScript, the refresh meta of $path leads to /about',
    async ({ path }) => {
      const page = await open({ javaScriptEnabled: false })
      await page.goto(path)
      await page.waitForURL((url) => url.pathname === '/about')
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
    },
  )

  test('with JavaScript, a late redirect to another origin is a full-page navigation there', async () => {
    const page = await open()
    const external = await serveExternalOrigin(page.context())
    await page.goto('/lab/interrupt/external?late=1')
    await page.waitForURL(EXTERNAL_URL)
    await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
    expect(external.resourceTypes().every((type) => type === 'document')).toBe(true)
  })

  /**
   * Follows the meta refreshes Chromium schedules for the page: one that is still pending, or
   * that already fired, means the browser loads the target again as a document.
   */
  async function watchMetaRefresh(page: Page): Promise<{ cdp: CDPSession; state: () => string }> {
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Page.enable')
    let state = 'none'
    cdp.on('Page.frameScheduledNavigation', (event) => {
      if (event.reason === 'metaTagRefresh') state = `scheduled (${event.delay} s to ${event.url})`
    })
    cdp.on('Page.frameClearedScheduledNavigation', () => {
      if (state.startsWith('scheduled')) state = 'cleared'
    })
    cdp.on('Page.frameRequestedNavigation', (event) => {
      if (event.reason === 'metaTagRefresh') state = `fired (document load of ${event.url})`
    })
    return { cdp, state: () => state }
  }

  test.each(cases.slice(0, 2))(
    'with JavaScript, $path is one client navigation: the browser does not also follow the refresh meta',
    async ({ path }) => {
      const page = await open()
      const refresh = await watchMetaRefresh(page)
      const requests = RequestLog.start(page)
      // 'load': the document has been parsed whole, so any refresh meta in it has been scheduled.
      await page.goto(path, { waitUntil: 'load' })
      await page.waitForURL((url) => url.pathname === '/about')
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
      await waitForHydration(page)
      await refresh.cdp.send('Runtime.evaluate', { expression: '0' }) // events before this are in
      expect(refresh.state()).toBe('none')
      expect(requests.documentPaths()).toEqual([new URL(path, app.url).pathname])
    },
  )
})
