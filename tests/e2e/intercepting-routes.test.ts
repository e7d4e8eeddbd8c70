// Intercepting routes (docs/routing.md, "Intercepting routes"): in the notebook, a client
// navigation from the notes list to a note shows it in a dialog over the list
// (src/routes/notes/@modal/(.)[id]); a reload, a shared link, or the link without JavaScript
// shows the full page; Back closes the dialog and Forward opens it again. Over HTTP: only a
// payload request with the router state of a page at or below /notes intercepts, and that
// payload is neither stored as the note's static page nor shared (docs/protocol.md).
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  clickLink,
  gotoHydrated,
  linkTo,
  send,
  setupProductionServerAndBrowser,
  waitForHydration,
  whenPrefetched,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

const NOTE_TITLE = 'Note 3: travel'
const dialog = (page: Page) => page.getByRole('dialog', { name: NOTE_TITLE })
/** What only the full note page shows (src/routes/notes/[id]/page.tsx). */
const fullPage = (page: Page) => page.getByTestId('note-id')
const listHeading = (page: Page) => page.getByRole('heading', { name: 'All notes' })

const ROUTER_STATE = 'x-rsc-router-state'
/** The router state of a client on the notes list, as the router sends it. */
const FROM_LIST = encodeURIComponent(
  JSON.stringify({ from: '/notes', slots: { 'notes@children': { url: '/notes' } } }),
)

describe('in the browser', () => {
  test('a client navigation from the list shows the note in a dialog over the list', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page).waitFor()
    expect(await listHeading(page).isVisible()).toBe(true)
    expect(await fullPage(page).count()).toBe(0)
    // The dialog's page has its metadata: the tab names the note, as the note's own page does.
    const title = await page.title()
    await page.goBack()
    await page.waitForFunction(() => document.title === 'All notes · Notebook')
    await page.goto(new URL('/notes/3', page.url()).href)
    expect(title).toBe(await page.title())
    expect(title).not.toBe('Notebook')
  })

  test('Back closes the dialog, Forward opens it again', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page).waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/notes')
    await dialog(page).waitFor({ state: 'detached' })
    expect(await listHeading(page).isVisible()).toBe(true)
    await page.goForward()
    await page.waitForURL((url) => url.pathname === '/notes/3')
    await dialog(page).waitFor()
    expect(await fullPage(page).count()).toBe(0)
  })

  test('Forward to the dialog after a reload shows the dialog again, as Next.js does', async () => {
    const { page, requests } = await browser.newPageWithRequestLog()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page).waitFor()
    await page.goBack()
    await listHeading(page).waitFor()
    // The reload leaves the router holding no page but the list's: Forward must fetch the note.
    await page.reload()
    await waitForHydration(page)
    const documentsBefore = requests.documents().length
    await page.goForward()
    await page.waitForURL((url) => url.pathname === '/notes/3')
    await dialog(page).waitFor()
    expect(await listHeading(page).isVisible()).toBe(true)
    expect(await fullPage(page).count()).toBe(0)
    // Fetched as a payload with the state the entry was shown with, not loaded as a document.
    expect(requests.documents()).toHaveLength(documentsBefore)
    const forward = requests.payloads('/notes/3').at(-1)
    expect(forward?.headers()[ROUTER_STATE]).toBeDefined()
  })

  test('Back to the full page after a reload shows the full page again', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/tags/travel')
    await clickLink(page, '/notes/3')
    await fullPage(page).waitFor()
    await clickLink(page, '/notes')
    await listHeading(page).waitFor()
    await page.reload()
    await waitForHydration(page)
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/notes/3')
    await fullPage(page).waitFor()
    expect(await dialog(page).count()).toBe(0)
  })

  test('the dialog’s Close button goes back to the list', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page).getByRole('button', { name: 'Close' }).click()
    await page.waitForURL((url) => url.pathname === '/notes')
    await dialog(page).waitFor({ state: 'detached' })
  })

  test('a reload, and the shared link, show the full page', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page).waitFor()
    await page.reload()
    await fullPage(page).waitFor()
    expect(await dialog(page).count()).toBe(0)
    expect(await listHeading(page).count()).toBe(0)

    const shared = await browser.newPage()
    await gotoHydrated(shared, '/notes/3')
    expect(await fullPage(shared).textContent()).toBe('Note id: 3')
    expect(await dialog(shared).count()).toBe(0)
  })

  test('without JavaScript the link is a plain link to the full page', async () => {
    const page = await browser.newPage({ javaScriptEnabled: false })
    await page.goto('/notes')
    await linkTo(page, '/notes/3').click()
    await page.waitForURL((url) => url.pathname === '/notes/3')
    await fullPage(page).waitFor()
    expect(await dialog(page).count()).toBe(0)
  })

  test('a navigation from outside /notes shows the full page', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/tags/travel')
    await clickLink(page, '/notes/3')
    await fullPage(page).waitFor()
    expect(await dialog(page).count()).toBe(0)
  })

  test('a payload prefetched from another page is not reused for the list’s state', async () => {
    const { page, requests } = await browser.newPageWithRequestLog()
    // /tags/travel prefetches /notes/3: the full page, static, cached for 300 s by the client.
    await gotoHydrated(page, '/tags/travel')
    await whenPrefetched(page, requests, '/notes/3')
    await clickLink(page, '/notes')
    await listHeading(page).waitFor()
    await clickLink(page, '/notes/3')
    await dialog(page).waitFor()
    expect(await fullPage(page).count()).toBe(0)
    expect(requests.payloads('/notes/3')).toHaveLength(1) // the navigation's own request
  })

  test('a URL prefetched from the list (intercepted: 204) is still prefetched from elsewhere', async () => {
    const { page, requests } = await browser.newPageWithRequestLog()
    // The list prefetches /notes/3 with its state: an interception, answered 204.
    await gotoHydrated(page, '/notes')
    await whenPrefetched(page, requests, '/notes/3')
    // From /tags/travel the same URL is the full page, static: prefetched again, and reused.
    await clickLink(page, '/tags')
    await clickLink(page, '/tags/travel')
    await page.waitForURL((url) => url.pathname === '/tags/travel')
    await whenPrefetched(page, requests, '/notes/3', 2)
    await clickLink(page, '/notes/3')
    await fullPage(page).waitFor()
    expect(requests.prefetches('/notes/3')).toHaveLength(2)
    expect(requests.payloads('/notes/3')).toHaveLength(0) // the second prefetch's payload is shown
  })

  test('a server function called in the dialog keeps it open', async () => {
    const page = await browser.newPage()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/3')
    await dialog(page)
      .getByRole('button', { name: /likes?$/ })
      .click()
    await dialog(page).getByRole('button', { name: '♥ 1 like' }).waitFor()
    expect(await fullPage(page).count()).toBe(0)
    expect(await listHeading(page).isVisible()).toBe(true)
  })
})

describe('over HTTP', () => {
  const payload = (headers: Record<string, string> = {}) =>
    send(`${app.url}/notes/3_.rsc`, { headers: { accept: 'text/x-component', ...headers } })

  test('a payload with the list’s router state is the interception, never stored', async () => {
    const intercepted = await payload({ [ROUTER_STATE]: FROM_LIST })
    expect(intercepted.status).toBe(200)
    expect(intercepted.body).toContain('Open the full page')
    expect(intercepted.headers['cache-control']).toBe('private, no-store')
    expect(intercepted.headers['x-rsc-route-kind']).toBe('dynamic')
    expect(intercepted.headers.vary).toContain(ROUTER_STATE)
    // What of the state it read: the client's URL and what the list's slot shows.
    expect(intercepted.headers['x-rsc-router-state-reads']).toBe('from, notes@children')

    // The note's own payload, static, is the full page: the interception was not kept for it.
    const own = await payload()
    expect(own.body).toContain('Note id: ')
    expect(own.body).not.toContain('Open the full page')
    expect(own.headers['x-rsc-route-kind']).toBe('static')
    expect(own.headers.vary).toContain(ROUTER_STATE)
    // The full page, whose dialog slot would keep what it showed on a client navigation.
    expect(own.headers['x-rsc-router-state-reads']).toBe('from, notes@modal')

    // And a state-dependent answer is not taken from the stored page either.
    const again = await payload({ [ROUTER_STATE]: FROM_LIST })
    expect(again.body).toContain('Open the full page')
    expect(again.headers.etag).toBeUndefined()
  })

  test('a prefetch that would intercept answers 204', async () => {
    const prefetch = await payload({ [ROUTER_STATE]: FROM_LIST, 'x-rsc-prefetch': '1' })
    expect(prefetch.status).toBe(204)
  })

  test('from a URL outside /notes, or with a malformed state, nothing is intercepted', async () => {
    const outside = encodeURIComponent(JSON.stringify({ from: '/tags', slots: {} }))
    for (const state of [outside, '%7B', 'x'.repeat(9000), encodeURIComponent('{"from":1}')]) {
      const response = await payload({ [ROUTER_STATE]: state })
      expect(response.status).toBe(200)
      expect(response.body).toContain('Note id: ')
    }
  })

  test('a payload no state could change says it read nothing', async () => {
    const about = await send(`${app.url}/about_.rsc`, { headers: { [ROUTER_STATE]: FROM_LIST } })
    expect(about.status).toBe(200)
    expect(about.headers['x-rsc-router-state-reads']).toBeUndefined()
  })

  test('a document never intercepts', async () => {
    const response = await send(`${app.url}/notes/3`, {
      headers: { accept: 'text/html', [ROUTER_STATE]: FROM_LIST },
    })
    expect(response.status).toBe(200)
    expect(response.body).toContain('Note id: <!-- -->3')
    expect(response.body).not.toContain('Open the full page')
  })
})
