// The route load timeout (docs/routing.md): a navigation whose payload has not arrived within
// 3800 ms, that fails, or whose answer is not an RSC payload of this build, becomes a full-page
// navigation to the target, so the user is never stuck; a slow navigation that completes earlier
// is left alone. The page's clock is Playwright's and stands still while the test looks.
import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { CONTENT_TYPE_PAYLOAD, HEADER_BUILD_ID } from '../../src/framework/wire/protocol.ts'
import {
  clickCounter,
  counter,
  gotoHydrated,
  isPayloadUrl,
  linkTo,
  PayloadGate,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

/** The route load timeout (`loadTimeoutMs`, client/router-options.ts). */
const LOAD_TIMEOUT_MS = 3800
const TARGET = '/about'

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })
const pathOf = (url: string) => new URL(url).pathname
const pathname = (page: Page) => pathOf(page.url())

/**
 * Home, hydrated, with the Counter at 1 (a document load would reset it), and the page's clock
 * paused: from here on, no timer of the page fires unless the test advances the clock.
 */
async function homeWithPausedClock(page: Page): Promise<void> {
  await page.clock.install()
  await gotoHydrated(page, '/')
  await clickCounter(page, 'Clicked 1 time')
  await page.clock.pauseAt(Date.now() + 1_000)
}

test('a payload held back 5 s turns into a document navigation to the target at 3.8 s', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  // Every request for the target's payload (its prefetch too) is held until the test ends.
  const gate = await PayloadGate.install(page, [TARGET])
  await homeWithPausedClock(page)

  await linkTo(page, TARGET).click()
  // The navigation is pending: the link shows its loading mark, the payload has not come.
  await linkTo(page, TARGET).getByRole('status', { name: 'loading' }).waitFor()
  expect(gate.startedFor(TARGET).length).toBeGreaterThan(0)

  await page.clock.runFor(3_700)
  expect(pathname(page)).toBe('/')
  expect(await heading(page, 'Notebook').isVisible()).toBe(true)
  expect(requests.documentPaths()).toEqual(['/'])

  await page.clock.runFor(LOAD_TIMEOUT_MS - 1 - 3_700) // 3799 ms
  expect(requests.documentPaths()).toEqual(['/'])

  const document = page.waitForRequest(
    (request) => request.resourceType() === 'document' && pathOf(request.url()) === TARGET,
  )
  await page.clock.runFor(2) // 3801 ms: the timer fired
  await document
  await page.waitForURL((url) => url.pathname === TARGET)
  await heading(page, 'About').waitFor()
  expect(requests.documentPaths()).toEqual(['/', TARGET])
  expect(await counter(page).textContent()).toBe('Clicked 0 times') // a fresh document
  await gate.remove()
})

describe('a payload request whose answer cannot be used turns into a document navigation at once', () => {
  const answers: { what: string; answer: (route: Route) => Promise<void> }[] = [
    {
      what: 'HTML (200 text/html)',
      answer: (route) =>
        route.fulfill({
          status: 200,
          contentType: 'text/html; charset=utf-8',
          body: '<!doctype html><title>Portal</title><p>Please sign in to the Wi-Fi.</p>',
        }),
    },
    {
      what: `${CONTENT_TYPE_PAYLOAD} of another build`,
      answer: async (route) => {
        const response = await route.fetch()
        expect(response.headers()['content-type']).toMatch(/^text\/x-component/)
        await route.fulfill({
          response,
          headers: { ...response.headers(), [HEADER_BUILD_ID]: 'another-build' },
        })
      },
    },
    {
      what: 'an error status from a proxy (502 text/plain)',
      answer: (route) =>
        route.fulfill({ status: 502, contentType: 'text/plain', body: 'Bad gateway' }),
    },
    { what: 'a network failure', answer: (route) => route.abort('failed') },
  ]

  test.each(answers)('$what', async ({ answer }) => {
    const { page, requests } = await chromium.newPageWithRequestLog()
    await page.route((url) => isPayloadUrl(url.href, TARGET), answer)
    await homeWithPausedClock(page)

    // The clock stays paused: no timer can fire, so only the bad answer can cause the load.
    await linkTo(page, TARGET).click()
    await page.waitForURL((url) => url.pathname === TARGET)
    await heading(page, 'About').waitFor()
    expect(requests.payloadFetches(TARGET).length).toBeGreaterThan(0)
    expect(requests.documentPaths()).toEqual(['/', TARGET])
    expect(await counter(page).textContent()).toBe('Clicked 0 times')
  })
})

test('a payload that takes 2 s is not interrupted: the page shows, no document load follows', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  const gate = await PayloadGate.install(page, [TARGET])
  await homeWithPausedClock(page)

  await linkTo(page, TARGET).click()
  await linkTo(page, TARGET).getByRole('status', { name: 'loading' }).waitFor()
  await page.clock.runFor(2_000)
  expect(requests.documentPaths()).toEqual(['/'])

  await gate.openAll() // the payload arrives at 2 s
  await heading(page, 'About').waitFor()
  expect(pathname(page)).toBe(TARGET)

  // Well past the timeout: the navigation had completed, so nothing falls back.
  await page.clock.runFor(5_000)
  expect(pathname(page)).toBe(TARGET)
  expect(await heading(page, 'About').isVisible()).toBe(true)
  expect(requests.documentPaths()).toEqual(['/'])
  expect(await counter(page).textContent()).toBe('Clicked 1 time') // the same document
  await gate.remove()
})
