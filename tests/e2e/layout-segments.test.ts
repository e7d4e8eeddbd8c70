// useSelectedLayoutSegment(s) (docs/routing.md, "Active segments"): in a layout, the active
// segment(s) below it, route groups left out, dynamic segments as their values and a catch-all as
// its joined path; in a page, null and []. They follow client navigations with no request beyond
// the navigation's payload. Fixtures: src/routes/(lab)/lab/segments/ (a layout over
// (group)/[id]/[...rest]), and the header's NavLink, which marks the active section.
import { expect, test } from 'vitest'
import {
  clickLink,
  gotoHydrated,
  isPayloadUrl,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { chromium: browser } = setupProductionServerAndBrowser()

test('in a layout: the segments below it; in a page: none', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/segments/b/x/y')
  await expect
    .poll(() => page.getByTestId('layout-segments').textContent())
    .toBe('layout: segment=b segments=[b,x/y]')
  expect(await page.getByTestId('page-segments').textContent()).toBe(
    'page: segment=null segments=[]',
  )
})

test('client navigations update them, with no request besides the payload', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/segments')
  await expect
    .poll(() => page.getByTestId('layout-segments').textContent())
    .toBe('layout: segment=null segments=[]')
  // The header's links prefetch their pages, whose payloads load those pages' client chunks:
  // requests of the prefetches, not of the hooks, so they are let finish before counting.
  await page.waitForLoadState('networkidle')
  const requests: string[] = []
  page.on('request', (request) => requests.push(request.url()))

  await clickLink(page, '/lab/segments/a')
  await expect
    .poll(() => page.getByTestId('layout-segments').textContent())
    .toBe('layout: segment=a segments=[a]')
  await clickLink(page, '/lab/segments/b/x/y')
  await expect
    .poll(() => page.getByTestId('layout-segments').textContent())
    .toBe('layout: segment=b segments=[b,x/y]')
  // Payloads (navigations and prefetches) only: the hooks asked for nothing of their own. The
  // browser may fetch the page's icons again after a navigation: those are the head's, not theirs.
  const icons = await page.$$eval('link[rel~="icon"], link[rel="apple-touch-icon"]', (links) =>
    links.map((link) => (link as HTMLLinkElement).href),
  )
  expect(requests.filter((url) => !isPayloadUrl(url) && !icons.includes(url))).toEqual([])
})

test("the header's links mark the active section from the root layout's segment", async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/notes/3')
  await expect.poll(() => page.locator('header a[aria-current="page"]').textContent()).toBe('Notes')
  await clickLink(page, '/tags')
  await expect.poll(() => page.locator('header a[aria-current="page"]').textContent()).toBe('Tags')
})
