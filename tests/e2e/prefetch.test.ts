// Prefetching (docs/routing.md): a Link prefetches its target when it enters the viewport and
// on hover or focus, through one queue that runs at most 5 prefetches at once, hovered links
// first. The lab page /lab/links shows 20 links at once to 20 distinct static pages.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { HEADER_PREFETCH, HEADER_ROUTE_KIND } from '../../src/framework/wire/protocol.ts'
import {
  gotoHydrated,
  isPayloadUrl,
  linkTo,
  PayloadGate,
  requestBarrier,
  setupProductionServerAndBrowser,
  whenPrefetched,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

/** The queue's limit (`prefetchConcurrency`, client/router-options.ts). */
const PREFETCH_CONCURRENCY = 5
const LINKS = Array.from({ length: 20 }, (_, i) => `/lab/pages/link-${i + 1}`)
const NOT_PREFETCHED = '/lab/pages/not-prefetched'

function slug(page: Page, path: string) {
  const segments = path.slice('/lab/pages/'.length).split('/')
  return page.getByTestId('slug').filter({ hasText: `Slug: ${JSON.stringify(segments)}` })
}

test('20 links in view: at most 5 prefetches run at once, all 20 complete, and a hovered link goes first', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  const gate = await PayloadGate.install(page)
  await gotoHydrated(page, '/lab/links')

  // The queue fills: five prefetches start (the header's links come first), the rest wait. Once
  // every request the page made has reached the test, there are still exactly five.
  await gate.until(
    () => gate.heldNow().length >= PREFETCH_CONCURRENCY,
    `${PREFETCH_CONCURRENCY} prefetches are in flight`,
  )
  await requestBarrier(page)
  expect(gate.heldNow()).toHaveLength(PREFETCH_CONCURRENCY)
  expect(gate.started.every((held) => held.prefetch)).toBe(true)
  const last = LINKS.at(-1)!
  expect(gate.startedFor(last)).toEqual([])

  // Hovering the last link moves its prefetch to the front of the queue, without exceeding the
  // limit: it starts as soon as one of the running five ends.
  await linkTo(page, last).hover()
  await requestBarrier(page)
  expect(gate.started).toHaveLength(PREFETCH_CONCURRENCY)
  await gate.heldNow()[0]!.release()
  await gate.until(
    () => gate.started.length > PREFETCH_CONCURRENCY,
    'the next prefetch starts after one ended',
  )
  expect(gate.started[PREFETCH_CONCURRENCY]!.path).toBe(last)

  // Let them through one by one (the oldest first), until every link's prefetch has run.
  const allLinksStarted = () => LINKS.every((path) => gate.startedFor(path).length > 0)
  while (!allLinksStarted() || gate.heldNow().length > 0) {
    const oldest = gate.heldNow()[0]
    if (oldest) {
      await requestBarrier(page)
      expect(gate.heldNow().length).toBeLessThanOrEqual(PREFETCH_CONCURRENCY)
      await oldest.release()
    } else {
      await gate.until(() => gate.heldNow().length > 0, 'the next queued prefetch starts')
    }
  }
  await gate.remove()

  // Never more than five at once; every link prefetched exactly once (the second link to
  // /lab/pages/link-1 added nothing), and every prefetch completed as a static page's payload.
  expect(gate.maxHeld).toBe(PREFETCH_CONCURRENCY)
  for (const path of LINKS) {
    expect(gate.startedFor(path), path).toHaveLength(1)
    const request = requests.prefetches(path)[0]!
    await requests.whenEnded(request)
    const response = await request.response()
    expect(response?.status(), path).toBe(200)
    expect(response?.headers()[HEADER_ROUTE_KIND], path).toBe('static')
  }
  expect(requests.payloadFetches(NOT_PREFETCHED)).toEqual([])
  expect(requests.payloads()).toEqual([]) // no navigation happened: prefetches only
})

test('prefetch requests carry the prefetch header and go at low priority; navigations at high', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  // The fetch priority the page gave each payload request, as Chromium's network layer saw it.
  const cdp = await page.context().newCDPSession(page)
  const priorities = new Map<string, string>()
  cdp.on('Network.requestWillBeSent', ({ request }) => {
    if (isPayloadUrl(request.url))
      priorities.set(new URL(request.url).pathname, request.initialPriority)
  })
  await cdp.send('Network.enable')
  await gotoHydrated(page, '/lab/links')
  await whenPrefetched(page, requests, '/lab/pages/link-2')

  const prefetch = requests.prefetches('/lab/pages/link-2')[0]!
  expect(prefetch.headers()[HEADER_PREFETCH]).toBe('1')
  expect(priorities.get('/lab/pages/link-2_.rsc')).toBe('Low')

  // A link that does not prefetch makes the navigation fetch its payload: at high priority.
  await linkTo(page, NOT_PREFETCHED).click()
  await slug(page, NOT_PREFETCHED).waitFor()
  const navigation = requests.payloads(NOT_PREFETCHED)[0]!
  expect(navigation.headers()[HEADER_PREFETCH]).toBeUndefined()
  expect(priorities.get('/lab/pages/not-prefetched_.rsc')).toBe('High')
})

test('a Link with prefetch={false} is not prefetched when seen, hovered or focused', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  await gotoHydrated(page, '/lab/links')
  // Everything in view has been prefetched by now (the queue runs them in order).
  for (const path of LINKS) await whenPrefetched(page, requests, path)

  const link = linkTo(page, NOT_PREFETCHED)
  await link.hover()
  await link.focus()
  await requestBarrier(page)
  expect(requests.payloadFetches(NOT_PREFETCHED)).toEqual([])

  // It still navigates on the client, fetching its payload when clicked.
  await link.click()
  await slug(page, NOT_PREFETCHED).waitFor()
  expect(requests.prefetches(NOT_PREFETCHED)).toEqual([])
  expect(requests.payloads(NOT_PREFETCHED)).toHaveLength(1)
  expect(requests.documentPaths()).toEqual(['/lab/links'])
})

test('a prefetch in flight or done is not repeated: not on hover, focus, or by another link to it', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  const target = '/lab/pages/link-1'
  const gate = await PayloadGate.install(page, [target])
  await gotoHydrated(page, '/lab/links')

  // In flight (held by the test): hovering and focusing either link to it adds no request.
  await gate.until(() => gate.startedFor(target).length === 1, `${target} is being prefetched`)
  const links = await page.locator(`a[href="${target}"]`).all()
  expect(links).toHaveLength(2)
  for (const link of links) {
    await link.hover()
    await link.focus()
  }
  await requestBarrier(page)
  expect(requests.payloadFetches(target)).toHaveLength(1)

  // Done: still no second request.
  await gate.remove()
  await requests.whenEnded(requests.prefetches(target)[0]!)
  for (const link of links) {
    await link.hover()
    await link.focus()
  }
  await requestBarrier(page)
  expect(requests.payloadFetches(target)).toHaveLength(1)
})

test('a click on a prefetched static link makes no payload request and no document request', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  await gotoHydrated(page, '/lab/links')
  const target = '/lab/pages/link-7'
  await whenPrefetched(page, requests, target)

  await linkTo(page, target).click()
  await slug(page, target).waitFor()
  expect(new URL(page.url()).pathname).toBe(target)
  // The prefetch brought the page: the click fetched nothing (the docs page's own links may
  // prefetch their targets, which are other pages).
  expect(requests.payloadFetches(target)).toHaveLength(1)
  expect(requests.payloads()).toEqual([])
  expect(requests.documentPaths()).toEqual(['/lab/links'])
})
