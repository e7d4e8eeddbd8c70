// Stale times of the client router's payload cache (docs/routing.md): a prefetched or visited
// payload of a static route is reused for 300 s, a dynamic route's is not reused at all. The
// page's clock is Playwright's: the time stands still unless the test moves it.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { HEADER_ROUTE_KIND } from '../../src/framework/wire/protocol.ts'
import {
  clickLink,
  gotoHydrated,
  linkTo,
  type RequestLog,
  STATS_TEXT,
  setupProductionServerAndBrowser,
  whenPrefetched,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

/** The stale time of a static route's payload (`staticStaleTime`, client/router-options.ts). */
const STATIC_STALE_TIME_MS = 300_000
/** A Link with prefetch={false} on /lab/links: only navigations fetch it. */
const NOT_PREFETCHED = '/lab/pages/not-prefetched'
const START = new Date('2026-03-02T09:00:00Z').getTime()

/** A page whose clock reads `START` (and stays there) until the test sets another time. */
async function pageAtStart(): Promise<{ page: Page; requests: RequestLog }> {
  const { page, requests } = await chromium.newPageWithRequestLog()
  await page.clock.install({ time: START })
  // Date.now() stands still, so a payload's age is exactly what the test makes it; timers run.
  await page.clock.setFixedTime(START)
  return { page, requests }
}

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

test('a prefetched static route is reused at 299 s without a request, and fetched again after 301 s', async () => {
  const { page, requests } = await pageAtStart()
  await gotoHydrated(page, '/about')
  // The header's links are in view: /notes and /tags are prefetched at START.
  await whenPrefetched(page, requests, '/notes')
  await whenPrefetched(page, requests, '/tags')
  const prefetch = await requests.prefetches('/notes')[0]!.response()
  expect(prefetch?.headers()[HEADER_ROUTE_KIND]).toBe('static')

  await page.clock.setFixedTime(START + STATIC_STALE_TIME_MS - 1_000) // 299 s
  await clickLink(page, '/notes')
  await heading(page, 'All notes').waitFor()
  await clickLink(page, '/tags')
  await page.getByTestId('tag-param').filter({ hasText: 'Tag param: none' }).waitFor()
  expect(requests.payloadFetches('/notes')).toHaveLength(1)
  expect(requests.payloadFetches('/tags')).toHaveLength(1)

  await page.clock.setFixedTime(START + STATIC_STALE_TIME_MS + 1_000) // 301 s
  await clickLink(page, '/notes')
  await heading(page, 'All notes').waitFor()
  // One new request brought it (the hover before the click may have made it, as a prefetch).
  const fetches = requests.payloadFetches('/notes')
  expect(fetches).toHaveLength(2)
  await requests.whenEnded(fetches[1]!)
  expect((await fetches[1]!.response())?.status()).toBe(200)
  expect(requests.documentPaths()).toEqual(['/about'])
})

test('a visited static page (not prefetched) is reused at 299 s and fetched again after 301 s', async () => {
  const { page, requests } = await pageAtStart()
  await gotoHydrated(page, '/lab/links')
  const visit = async () => {
    await linkTo(page, NOT_PREFETCHED).click()
    await page.getByTestId('slug').filter({ hasText: 'not-prefetched' }).waitFor()
    await page.goBack() // back/forward restore the page from history, not from the cache
    await heading(page, 'Twenty links in view').waitFor()
  }
  // The link has prefetch={false}: only the navigation fetches its payload, at START.
  await visit()
  expect(requests.payloads(NOT_PREFETCHED)).toHaveLength(1)

  await page.clock.setFixedTime(START + STATIC_STALE_TIME_MS - 1_000) // 299 s
  await visit()
  expect(requests.payloadFetches(NOT_PREFETCHED)).toHaveLength(1)

  await page.clock.setFixedTime(START + STATIC_STALE_TIME_MS + 1_000) // 301 s
  await visit()
  expect(requests.payloadFetches(NOT_PREFETCHED)).toHaveLength(2)
  expect(requests.payloads(NOT_PREFETCHED)).toHaveLength(2)
  expect(requests.documentPaths()).toEqual(['/lab/links'])
})

test('a force-dynamic route (/stats) is fetched on every navigation, even with no time passing', async () => {
  const { page, requests } = await pageAtStart()
  await gotoHydrated(page, '/')
  // The server knows /stats is dynamic before rendering it: its prefetch gets 204, no body.
  await whenPrefetched(page, requests, '/stats')
  const prefetch = await requests.prefetches('/stats')[0]!.response()
  expect(prefetch?.status()).toBe(204)
  expect(prefetch?.headers()[HEADER_ROUTE_KIND]).toBe('dynamic')

  for (const visit of [1, 2, 3]) {
    await clickLink(page, '/stats')
    await page.getByTestId('stats').filter({ hasText: STATS_TEXT }).waitFor()
    expect(requests.payloads('/stats')).toHaveLength(visit)
    await clickLink(page, '/')
    await heading(page, 'Notebook').waitFor()
  }
  // Known to be dynamic, it is not prefetched again (hovering it before each click did not).
  expect(requests.prefetches('/stats')).toHaveLength(1)
  expect(requests.documentPaths()).toEqual(['/'])
})

test('a route whose render reads cookies (/account) is fetched on every navigation', async () => {
  const { page, requests } = await pageAtStart()
  await gotoHydrated(page, '/')
  await whenPrefetched(page, requests, '/account')
  const prefetch = await requests.prefetches('/account')[0]!.response()
  expect(prefetch?.headers()[HEADER_ROUTE_KIND]).toBe('dynamic')

  for (const visit of [1, 2, 3]) {
    await linkTo(page, '/account').click()
    await heading(page, 'Sign in to see your account').waitFor()
    expect(requests.payloads('/account')).toHaveLength(visit)
    const response = await requests.payloads('/account')[visit - 1]!.response()
    expect(response?.headers()[HEADER_ROUTE_KIND]).toBe('dynamic')
    await clickLink(page, '/')
    await heading(page, 'Notebook').waitFor()
  }
  expect(requests.prefetches('/account')).toHaveLength(1)
  expect(requests.documentPaths()).toEqual(['/'])
})
