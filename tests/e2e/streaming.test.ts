// Streaming SSR (issue 2, item 4): /stats is slow behind loading.tsx. The skeleton is sent first
// and the content replaces it later in the SAME response, for documents and for payloads.
import { expect, test } from 'vitest'
import {
  chunkIndexOf,
  clickCounter,
  counter,
  getChunks,
  gotoHydrated,
  linkTo,
  RequestLog,
  STATS_LOADING_TEXT,
  STATS_TEXT,
  setupProductionServerAndBrowser,
  textsSeen,
  waitForHydration,
  watchTexts,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

/** The stats paragraph as server-rendered HTML (its text is split by React's text markers). */
const STATS_MARKUP = 'data-testid="stats"'

test('the /stats document sends the loading.tsx skeleton in an earlier chunk than the content', async () => {
  const response = await getChunks(`${app.url}/stats`, { accept: 'text/html' })
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/html/)
  const skeleton = chunkIndexOf(response.chunks, STATS_LOADING_TEXT)
  const content = chunkIndexOf(response.chunks, STATS_MARKUP)
  expect(skeleton).toBeGreaterThanOrEqual(0)
  expect(content).toBeGreaterThan(skeleton)
  expect(response.body.trimEnd()).toMatch(/<\/html>$/)
})

test('the /stats payload sends the skeleton in an earlier chunk than the content', async () => {
  const response = await getChunks(`${app.url}/stats_.rsc`)
  expect(response.status).toBe(200)
  expect(response.headers['content-type']).toMatch(/^text\/x-component/)
  const skeleton = chunkIndexOf(response.chunks, STATS_LOADING_TEXT)
  const content = chunkIndexOf(response.chunks, '"data-testid":"stats"')
  expect(skeleton).toBeGreaterThanOrEqual(0)
  expect(content).toBeGreaterThan(skeleton)
})

test('loading /stats shows the skeleton, then the content, from one document request', async () => {
  const page = await chromium.newPage()
  await watchTexts(page, [STATS_LOADING_TEXT, STATS_TEXT])
  const requests = RequestLog.start(page)
  const response = await page.goto('/stats', { waitUntil: 'commit' })
  expect(response?.status()).toBe(200)
  await page.getByTestId('stats').filter({ hasText: STATS_TEXT, visible: true }).waitFor()
  expect(await textsSeen(page)).toEqual([STATS_LOADING_TEXT, STATS_TEXT])
  expect(await page.getByText(STATS_LOADING_TEXT).count()).toBe(0)
  expect(requests.documentPaths()).toEqual(['/stats'])
  expect(requests.payloadPaths()).toEqual([])
  // The streamed-in page hydrates like any other.
  await waitForHydration(page, 'button.counter')
  await clickCounter(page, 'Clicked 1 time')
})

test('a client navigation to /stats shows the skeleton, then the content, from one payload request', async () => {
  const page = await chromium.newPage()
  await watchTexts(page, [STATS_LOADING_TEXT, STATS_TEXT])
  await gotoHydrated(page, '/')
  await clickCounter(page, 'Clicked 1 time')
  const requests = RequestLog.start(page)
  await linkTo(page, '/stats').click()
  await page.getByTestId('stats').filter({ hasText: STATS_TEXT, visible: true }).waitFor()
  expect(await textsSeen(page)).toEqual([STATS_LOADING_TEXT, STATS_TEXT])
  expect(await page.getByText(STATS_LOADING_TEXT).count()).toBe(0)
  expect(new URL(page.url()).pathname).toBe('/stats')
  expect(requests.payloadPaths()).toEqual(['/stats_.rsc'])
  expect(requests.documentPaths()).toEqual([])
  expect(await counter(page).textContent()).toBe('Clicked 1 time')
})
