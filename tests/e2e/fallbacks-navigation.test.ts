// Interrupts in client navigations (docs/errors.md, column "client navigation"): the router
// reads the interrupt from the payload. An access fallback shows the nearest screen and keeps the
// URL; a redirect is a soft `replace` navigation (the interrupted URL leaves no history entry);
// redirects win over access fallbacks; another origin is a full-page navigation; a redirect to
// the URL itself does not loop. Every navigation here happens in one document (the Counter of the
// root layout keeps its count).
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  ACCOUNT_UNAUTHORIZED_TEXT,
  clickCounter,
  counter,
  EXTERNAL_TEXT,
  EXTERNAL_URL,
  FORBIDDEN_TEXT,
  gotoHydrated,
  historyLength,
  linkTo,
  NOT_FOUND_TEXT,
  NOTE_NOT_FOUND_TEXT,
  pathOf,
  RequestLog,
  SCOPED_LAB_TEXTS,
  serveExternalOrigin,
  settle,
  setupProductionServerAndBrowser,
  UNAUTHORIZED_TEXT,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

/** The h1 of the pages the navigations start from, to see that Back returned there. */
const HEADINGS: Record<string, string> = {
  '/': 'Notebook',
  '/lab': 'Framework lab',
  '/lab/scoped': 'Scoped lab',
}

/** A hydrated page at `from`, its Counter at 1, recording requests from here on. */
async function startAt(from: string) {
  const page = await chromium.newPage()
  // From the page's first request: a Link may be prefetched before the counter is clicked.
  const sinceLoad = RequestLog.start(page)
  await gotoHydrated(page, from)
  await clickCounter(page, 'Clicked 1 time')
  const requests = RequestLog.start(page)
  return { page, requests, sinceLoad, length: await historyLength(page) }
}

/** Back to `from`, in the same document. */
async function expectBackTo(page: Page, from: string) {
  await page.goBack()
  await page.getByRole('heading', { level: 1, name: HEADINGS[from]!, exact: true }).waitFor()
  expect(pathOf(page)).toBe(from)
  expect(await counter(page).textContent()).toBe('Clicked 1 time')
}

describe('access fallbacks: the nearest screen, the URL kept', () => {
  const cases = [
    { from: '/lab', href: '/lab/interrupt/not-found', text: NOT_FOUND_TEXT },
    { from: '/lab', href: '/lab/interrupt/unauthorized', text: UNAUTHORIZED_TEXT },
    { from: '/lab', href: '/lab/interrupt/forbidden', text: FORBIDDEN_TEXT },
    { from: '/lab/scoped', href: '/admin', text: UNAUTHORIZED_TEXT },
    // Segment screens.
    { from: '/lab/scoped', href: '/lab/scoped/not-found', text: SCOPED_LAB_TEXTS[404] },
    { from: '/lab/scoped', href: '/lab/scoped/unauthorized', text: SCOPED_LAB_TEXTS[401] },
    { from: '/lab/scoped', href: '/lab/scoped/forbidden', text: SCOPED_LAB_TEXTS[403] },
    { from: '/lab/scoped', href: '/notes/999', text: NOTE_NOT_FOUND_TEXT },
    { from: '/', href: '/account', text: ACCOUNT_UNAUTHORIZED_TEXT },
  ]

  test.each(cases)('$from → $href shows $text', async ({ from, href, text }) => {
    const { page, requests, sinceLoad, length } = await startAt(from)
    await linkTo(page, href).click()
    await page.getByText(text, { exact: true }).waitFor()
    expect(pathOf(page)).toBe(href)
    expect(await historyLength(page)).toBe(length + 1)
    // One payload of the target: the navigation's, or the prefetch's when the link was
    // prefetched before the click (the router then shows it without another request). The
    // prefetch may have been made before `requests` started: `sinceLoad` has it.
    const navigations = requests.payloads(href)
    expect(sinceLoad.payloadFetches(href).length).toBeGreaterThanOrEqual(1)
    expect(navigations.length).toBeLessThanOrEqual(1)
    expect(requests.payloadPaths().filter((path) => path !== `${href}_.rsc`)).toEqual([])
    expect(requests.documentPaths()).toEqual([])
    expect(await counter(page).textContent()).toBe('Clicked 1 time')
    await expectBackTo(page, from)
  })

  test('the default screens have their status, message and title', async () => {
    const { page } = await startAt('/lab')
    await linkTo(page, '/lab/interrupt/forbidden').click()
    await page.getByRole('heading', { level: 2, name: FORBIDDEN_TEXT, exact: true }).waitFor()
    expect(await page.getByRole('heading', { level: 1, name: '403', exact: true }).count()).toBe(1)
    await page.waitForFunction((title) => document.title === title, `403: ${FORBIDDEN_TEXT}`)
  })

  test('a segment screen replaces only its segment: the notes layout stays', async () => {
    const { page } = await startAt('/lab/scoped')
    await linkTo(page, '/notes/999').click()
    await page
      .getByRole('region', { name: 'Notes section' })
      .getByText(NOTE_NOT_FOUND_TEXT)
      .waitFor()
    expect(await page.getByText(NOT_FOUND_TEXT).count()).toBe(0)
  })

  test('navigating away from a fallback screen clears it', async () => {
    const { page, requests } = await startAt('/lab')
    await linkTo(page, '/lab/interrupt/not-found').click()
    await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor()
    await linkTo(page, '/lab').click()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    expect(await page.getByText(NOT_FOUND_TEXT).count()).toBe(0)
    await linkTo(page, '/lab/interrupt/forbidden').click()
    await page.getByText(FORBIDDEN_TEXT, { exact: true }).waitFor()
    expect(await page.getByText(NOT_FOUND_TEXT).count()).toBe(0)
    expect(requests.documentPaths()).toEqual([])
  })
})

describe('redirects: a soft replace navigation to the target', () => {
  const cases = [
    { from: '/lab', href: '/lab/interrupt/redirect', to: '/about' },
    { from: '/lab', href: '/lab/interrupt/permanent-redirect', to: '/about' },
    { from: '/lab/scoped', href: '/n/5', to: '/notes/5' },
  ]

  test.each(cases)(
    '$from → $href lands on $to; Back returns to $from',
    async ({ from, href, to }) => {
      const { page, requests, sinceLoad, length } = await startAt(from)
      await linkTo(page, href).click()
      await page.waitForURL((url) => url.pathname === to)
      if (to === '/about') await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
      else await page.getByTestId('note-id').filter({ hasText: 'Note id: 5' }).waitFor()
      // One entry for the navigation: the redirecting URL was replaced by the target.
      expect(await historyLength(page)).toBe(length + 1)
      // The redirecting URL's payload: fetched by the click, or a prefetch of it (the click's
      // hover starts one) still in flight, which the navigation shares. Then the target's:
      // fetched, or none when a prefetch (the page links to the target) already brought it.
      const navigations = requests.payloadPaths()
      const fetchedByClick = navigations[0] === `${href}_.rsc`
      if (!fetchedByClick) expect(sinceLoad.prefetches(href).length).toBeGreaterThan(0)
      expect([[], [`${to}_.rsc`]]).toContainEqual(navigations.slice(fetchedByClick ? 1 : 0))
      expect(requests.documentPaths()).toEqual([])
      expect(await counter(page).textContent()).toBe('Clicked 1 time')
      await expectBackTo(page, from)
    },
  )

  test('a redirect to another origin is a full-page navigation, never a fetch of it', async () => {
    const { page, requests } = await startAt('/lab/scoped')
    const external = await serveExternalOrigin(page.context())
    await linkTo(page, '/lab/interrupt/external').click()
    await page.waitForURL(EXTERNAL_URL)
    await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
    expect(external.resourceTypes()).toEqual(['document'])
    expect(requests.payloadPaths()).toEqual(['/lab/interrupt/external_.rsc'])
  })

  test('a redirect to the URL being shown does not loop', async () => {
    const { page, requests } = await startAt('/lab')
    await linkTo(page, '/lab/interrupt/self').click()
    await page.waitForURL((url) => url.pathname === '/lab/interrupt/self')
    const [payload] = requests.payloads('/lab/interrupt/self')
    expect(payload).toBeDefined()
    await requests.whenEnded(payload!)
    await settle(page)
    await settle(page)
    expect(requests.payloadPaths()).toEqual(['/lab/interrupt/self_.rsc'])
    expect(requests.documentPaths()).toEqual([])
    expect(pathOf(page)).toBe('/lab/interrupt/self')
  })
})

describe('precedence in client navigations', () => {
  test.each([
    { from: '/lab', href: '/lab/interrupt/both', notFound: NOT_FOUND_TEXT },
    {
      from: '/lab/scoped',
      href: '/lab/scoped/not-found,redirect',
      notFound: SCOPED_LAB_TEXTS[404],
    },
  ])(
    '$href: redirect() wins over the notFound() thrown before it',
    async ({ from, href, notFound }) => {
      const { page, requests } = await startAt(from)
      await linkTo(page, href).click()
      // Whichever comes: the redirect's target, or the not-found screen.
      const about = page.getByRole('heading', { level: 1, name: 'About' })
      await about.or(page.getByText(notFound, { exact: true })).waitFor()
      expect(await page.getByText(notFound).count()).toBe(0)
      await about.waitFor()
      expect(pathOf(page)).toBe('/about')
      expect(requests.documentPaths()).toEqual([])
    },
  )

  test('between access fallbacks, the first thrown wins', async () => {
    const { page } = await startAt('/lab/scoped')
    await linkTo(page, '/lab/scoped/forbidden,not-found').click()
    await page.getByText(SCOPED_LAB_TEXTS[403], { exact: true }).waitFor()
    expect(await page.getByText(SCOPED_LAB_TEXTS[404]).count()).toBe(0)
    await expectBackTo(page, '/lab/scoped')
    await linkTo(page, '/lab/scoped/not-found,forbidden').click()
    await page.getByText(SCOPED_LAB_TEXTS[404], { exact: true }).waitFor()
    expect(await page.getByText(SCOPED_LAB_TEXTS[403]).count()).toBe(0)
  })

  test('between redirects, the first thrown wins', async () => {
    const { page } = await startAt('/lab/scoped')
    await linkTo(page, '/lab/scoped/redirect-notes,redirect').click()
    await page.waitForURL((url) => url.pathname === '/notes')
    await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
  })
})
