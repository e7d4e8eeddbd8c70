// The client router when navigations, server function calls and router calls overlap
// (docs/routing.md): a superseded navigation's timer and result are dropped; a server
// function's answer is applied only to the page that made the call; router calls apply in the
// order made; a hash that is not valid percent-encoding does not break the page. The page's clock
// is Playwright's: paused, no timer of the page fires unless the test advances it.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  clientErrorText,
  collectPageErrors,
  gotoHydrated,
  holdNextCall,
  linkTo,
  PayloadGate,
  pathOf,
  requestBarrier,
  settle,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

/** Past the route load timeout of 3800 ms. */
const PAST_LOAD_TIMEOUT_MS = 5_000
const ACTIONS_HEADING = 'Server function interrupts'
const NONE_RESOLVED = 'resolved: Nothing thrown for none.'

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

/** `path`, hydrated, with the page's clock paused from here on. */
async function startPaused(page: Page, path: string): Promise<void> {
  await page.clock.install()
  await gotoHydrated(page, path)
  await page.clock.pauseAt(Date.now() + 1_000)
}

/** Clicks the header's link to /about, whose payload the gate holds, and waits until it asked. */
async function clickHeldAbout(page: Page, gate: PayloadGate): Promise<void> {
  await linkTo(page, '/about').click()
  await linkTo(page, '/about').getByRole('status', { name: 'loading' }).waitFor()
  await gate.until(() => gate.startedFor('/about').length > 0, '/about was requested')
}

describe('a superseded navigation never falls back to a document load', () => {
  test('Back while a navigation is pending: the page Back went to stays', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    const gate = await PayloadGate.install(page, ['/about'])
    await startPaused(page, '/')
    await linkTo(page, '/notes').click()
    await heading(page, 'All notes').waitFor()
    await clickHeldAbout(page, gate)

    await page.goBack()
    await heading(page, 'Notebook').waitFor()
    // (The paused clock holds animation frames too: no settle() here.) A document load the
    // timer started would have reached the test by the barrier.
    await page.clock.runFor(PAST_LOAD_TIMEOUT_MS)
    await requestBarrier(page)
    expect(pathOf(page)).toBe('/')
    expect(requests.documentPaths()).toEqual(['/'])
    await gate.remove()
  })

  test('a server function called after the click updates the page: the navigation is dropped', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    const gate = await PayloadGate.install(page, ['/about'])
    await startPaused(page, '/lab/actions')
    await clickHeldAbout(page, gate)

    await page.getByRole('button', { name: 'Call none' }).click()
    await page.getByTestId('result-none').filter({ hasText: NONE_RESOLVED }).waitFor()
    // (The paused clock holds animation frames too: no settle() here.) A document load the
    // timer started would have reached the test by the barrier.
    await page.clock.runFor(PAST_LOAD_TIMEOUT_MS)
    await requestBarrier(page)
    expect(pathOf(page)).toBe('/lab/actions')
    expect(await heading(page, ACTIONS_HEADING).isVisible()).toBe(true)
    expect(requests.documentPaths()).toEqual(['/lab/actions'])
    await gate.remove()
  })
})

describe("a server function's answer is applied only to the page that made the call", () => {
  test('answered after the user moved on: the value resolves, the new page stays as it is', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await startPaused(page, '/lab/actions')
    const hold = await holdNextCall(page, '/lab/actions')
    const resolved = page.waitForEvent('console', (message) =>
      message.text().startsWith('[lab] call none '),
    )
    await page.getByRole('button', { name: 'Call none' }).click()
    await hold.arrived
    // React holds the navigation until the call's transition ends; the link shows it pending.
    await linkTo(page, '/about').click()
    await linkTo(page, '/about').getByRole('status', { name: 'loading' }).waitFor()

    hold.release()
    expect((await resolved).text()).toBe(`[lab] call none ${NONE_RESOLVED}`)
    await heading(page, 'About').waitFor()
    await page.clock.runFor(1_000)
    expect(pathOf(page)).toBe('/about')
    expect(await heading(page, 'About').isVisible()).toBe(true)
    expect(await heading(page, ACTIONS_HEADING).count()).toBe(0)

    // Back shows the page that made the call, and Forward the page of this URL.
    await page.goBack()
    await heading(page, ACTIONS_HEADING).waitFor()
    await page.goForward()
    await heading(page, 'About').waitFor()
    expect(await heading(page, ACTIONS_HEADING).count()).toBe(0)
    expect(requests.documentPaths()).toEqual(['/lab/actions'])
  })

  test('answered while a navigation that started later is pending: that navigation goes on', async () => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    const gate = await PayloadGate.install(page, ['/about'])
    await startPaused(page, '/lab/actions')
    const hold = await holdNextCall(page, '/lab/actions')
    await page.getByRole('button', { name: 'Call none' }).click()
    await hold.arrived
    await clickHeldAbout(page, gate)

    hold.release()
    await page.getByTestId('result-none').filter({ hasText: NONE_RESOLVED }).waitFor()
    await gate.openAll()
    await heading(page, 'About').waitFor()
    expect(pathOf(page)).toBe('/about')
    expect(requests.documentPaths()).toEqual(['/lab/actions'])
    await gate.remove()
  })
})

describe('router calls made in one tick apply in the order made', () => {
  test.each([
    { button: 'Push then refresh', historyGrows: true },
    { button: 'Replace then refresh', historyGrows: false },
    { button: 'Refresh then push', historyGrows: true },
  ])('$button ends on the target', async ({ button, historyGrows }) => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await gotoHydrated(page, '/lab/router')
    const before = await page.evaluate(() => history.length)
    await page.getByRole('button', { name: button, exact: true }).click()
    await page.waitForURL((url) => url.pathname === '/about')
    await heading(page, 'About').waitFor()
    await settle(page)
    expect(pathOf(page)).toBe('/about')
    expect(await page.evaluate(() => history.length)).toBe(historyGrows ? before + 1 : before)
    expect(requests.documentPaths()).toEqual(['/lab/router'])
    // The target's payload was fetched after the refresh: the last payload GET is the target's.
    const gets = requests.payloadGets().map((request) => new URL(request.url()).pathname)
    expect(gets.at(-1)).toBe('/about_.rsc')
  })
})

describe('a hash that is not valid percent-encoding', () => {
  test.each(['/about#%', '/about#%E0%A4%A'])(
    'a link to %s navigates there and the app stays up',
    async (href) => {
      const { page, requests } = await chromium.newPageWithRequestLog()
      const errors = collectPageErrors(page)
      await gotoHydrated(page, '/lab/router')
      await linkTo(page, href).click()
      await heading(page, 'About').waitFor()
      await settle(page)
      expect(page.url()).toBe(`${app.url}${href}`)
      expect(await page.getByText(clientErrorText('127.0.0.1')).count()).toBe(0)
      expect(errors).toEqual([])
      expect(requests.documentPaths()).toEqual(['/lab/router'])
    },
  )

  test('a document loaded with such a hash hydrates and navigates', async () => {
    const { page } = await chromium.newPageWithRequestLog()
    const errors = collectPageErrors(page)
    await gotoHydrated(page, '/lab/router#%E0%A4%A')
    await linkTo(page, '/about').click()
    await heading(page, 'About').waitFor()
    await page.goBack()
    await heading(page, 'Router calls').waitFor()
    expect(errors).toEqual([])
  })
})
