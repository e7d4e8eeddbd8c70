// Client navigation (docs/routing.md): a Link click renders the target from its RSC
// payload without a document load, keeps client state, and history and scroll behave.
import { describe, expect, test } from 'vitest'
import { CONTENT_TYPE_PAYLOAD } from '../../src/framework/wire/protocol.ts'
import {
  clickCounter,
  clickLink,
  counter,
  gotoHydrated,
  isPayloadUrl,
  linkTo,
  RequestLog,
  STATS_LOADING_TEXT,
  STATS_TEXT,
  scrollY,
  settle,
  setupProductionServerAndBrowser,
  textsSeen,
  watchTexts,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

test('a Link click fetches only the RSC payload (text/x-component), no document, and changes the URL', async () => {
  const page = await chromium.newPage()
  // From before the load: the target may be prefetched (it is in view) before the click.
  const requests = RequestLog.start(page)
  await gotoHydrated(page, '/')

  await linkTo(page, '/notes').click()
  await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()

  expect(new URL(page.url()).pathname).toBe('/notes')
  // One request brought the page, whether the prefetch queue or the click made it.
  const fetches = requests.payloadFetches('/notes')
  expect(fetches).toHaveLength(1)
  const response = await fetches[0]!.response()
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toMatch(new RegExp(`^${CONTENT_TYPE_PAYLOAD}`))
  expect(requests.documentPaths()).toEqual(['/'])
})

test("the Counter's state survives client navigations between pages", async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/')
  const requests = RequestLog.start(page)
  await clickCounter(page, 'Clicked 1 time')
  await clickCounter(page, 'Clicked 2 times')

  await clickLink(page, '/notes')
  await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
  expect(await counter(page).textContent()).toBe('Clicked 2 times')

  // From the list, the note opens in a dialog over it (docs/routing.md, "Intercepting routes").
  await clickLink(page, '/notes/4')
  await page.getByRole('dialog', { name: 'Note 4: recipes' }).waitFor()
  expect(await counter(page).textContent()).toBe('Clicked 2 times')

  await clickLink(page, '/about')
  await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
  await clickCounter(page, 'Clicked 3 times')

  await clickLink(page, '/')
  await page.getByRole('heading', { level: 1, name: 'Notebook' }).waitFor()
  expect(await counter(page).textContent()).toBe('Clicked 3 times')
  expect(requests.documentPaths()).toEqual([])
})

test('back and forward restore the earlier pages and their scroll positions', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/notes')
  await clickCounter(page, 'Clicked 1 time')
  const requests = RequestLog.start(page)

  // Scroll down the long list until a note far below is on screen, then open it.
  const target = linkTo(page, '/notes/40')
  await target.scrollIntoViewIfNeeded()
  await settle(page) // the browser has dispatched its scroll events, as before any real click
  const listScroll = await scrollY(page)
  expect(listScroll).toBeGreaterThan(500)
  // From the list, the note opens in a dialog over it (docs/routing.md, "Intercepting routes").
  await target.click()
  await page.getByRole('dialog', { name: 'Note 40: recipes' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/notes/40')
  // Only the @modal slot changed: the list stays where it was under the dialog (as in Next).
  expect(await scrollY(page)).toBe(listScroll)
  // Scrolled to the top meanwhile: Forward comes back to that position, Back to the list's.
  await page.evaluate(() => window.scrollTo(0, 0))
  await settle(page)

  await page.goBack()
  await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/notes')
  expect(await scrollY(page)).toBe(listScroll)

  await page.goForward()
  await page.getByRole('dialog', { name: 'Note 40: recipes' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/notes/40')
  expect(await scrollY(page)).toBe(0)

  await page.goBack()
  await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
  expect(await scrollY(page)).toBe(listScroll)

  // All of it happened in the same document: the Counter kept its state.
  expect(await counter(page).textContent()).toBe('Clicked 1 time')
  expect(requests.documentPaths()).toEqual([])
})

describe('routes render with the right params via client navigation', () => {
  const cases = [
    // From the tag's listing: from the notes list, the note opens in a dialog (docs/routing.md).
    { from: '/tags/music', href: '/notes/12', testId: 'note-id', text: 'Note id: 12' },
    { from: '/', href: '/docs/getting-started', testId: 'slug', text: 'Slug: ["getting-started"]' },
    {
      from: '/docs/getting-started',
      href: '/docs/guides/routing',
      testId: 'slug',
      text: 'Slug: ["guides","routing"]',
    },
    { from: '/', href: '/tags', testId: 'tag-param', text: 'Tag param: none' },
    { from: '/tags', href: '/tags/garden', testId: 'tag-param', text: 'Tag param: ["garden"]' },
  ]
  test.each(cases)('$from → $href shows $text', async ({ from, href, testId, text }) => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await gotoHydrated(page, from)
    await clickLink(page, href)
    await page.getByTestId(testId).filter({ hasText: text }).waitFor()
    expect(await page.getByTestId(testId).textContent()).toBe(text)
    expect(requests.payloadFetches(href)).toHaveLength(1) // a prefetch or the navigation
    expect(requests.documentPaths()).toEqual([from])
  })

  test('/notes → /notes/new shows the static page, not [id]', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await gotoHydrated(page, '/notes')
    await clickLink(page, '/notes/new')
    await page.getByRole('heading', { level: 1, name: 'New note' }).waitFor()
    expect(await page.getByTestId('note-id').count()).toBe(0)
    expect(requests.payloadFetches('/notes/new')).toHaveLength(1)
    expect(requests.documentPaths()).toEqual(['/notes'])
  })

  test('/ → /about renders the page of the (site) group', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await gotoHydrated(page, '/')
    await clickLink(page, '/about')
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
    expect(requests.payloadFetches('/about')).toHaveLength(1)
    expect(requests.documentPaths()).toEqual(['/'])
  })
})

test('a modifier-click on a Link is left to the browser: a new tab opens, this page stays', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/')
  await clickCounter(page, 'Clicked 1 time')
  const requests = RequestLog.start(page)

  const newTab = page.context().waitForEvent('page')
  await linkTo(page, '/notes').click({ modifiers: ['ControlOrMeta'] })
  const tab = await newTab
  await tab.waitForURL((url) => url.pathname === '/notes')
  await tab.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()

  expect(new URL(page.url()).pathname).toBe('/')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Notebook')
  expect(await counter(page).textContent()).toBe('Clicked 1 time')
  expect(requests.payloadPaths()).toEqual([])
  expect(requests.documentPaths()).toEqual([])
})

test('a newer navigation supersedes one in flight: /stats then /about ends on /about', async () => {
  const page = await chromium.newPage()
  await watchTexts(page, [STATS_LOADING_TEXT, STATS_TEXT])
  await gotoHydrated(page, '/')
  const requests = RequestLog.start(page)

  // Hold the /stats payload until /about is on screen, so /stats is surely still in flight.
  let release = () => {}
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  await page.route(
    (url) => isPayloadUrl(url.href, '/stats'),
    async (route) => {
      await released
      await route.continue().catch(() => {}) // the router may have aborted it meanwhile
    },
  )
  const statsRequest = page.waitForRequest((request) => isPayloadUrl(request.url(), '/stats'))
  await linkTo(page, '/stats').click()
  const stats = await statsRequest
  // The app sees the pending navigation: the Stats link shows its loading mark.
  await linkTo(page, '/stats').getByRole('status', { name: 'loading' }).waitFor()

  await linkTo(page, '/about').click()
  await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/about')

  // Let /stats answer. Once its payload is done (whole or aborted) and the page has rendered
  // whatever it brought, the page is still /about: the older navigation never took over.
  release()
  await requests.whenEnded(stats)
  await settle(page)
  expect(new URL(page.url()).pathname).toBe('/about')
  expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('About')
  expect(await textsSeen(page)).toEqual([])
  expect(await linkTo(page, '/stats').getByRole('status').count()).toBe(0)

  // /stats never became a history entry: back goes to the page before it.
  await page.goBack()
  await page.getByRole('heading', { level: 1, name: 'Notebook' }).waitFor()
  expect(new URL(page.url()).pathname).toBe('/')
  expect(requests.documentPaths()).toEqual([])
})
