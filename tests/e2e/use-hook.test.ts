// React's use() in server components (docs/routing.md): synchronous pages and layouts read
// params, search params and promises with use(), async ones keep working, with and without
// loading.tsx, as documents, as navigation payloads and without JavaScript. Reading search
// params with use() makes the route dynamic, as awaiting them does; interrupts thrown after a
// use() still answer their status. The routes are under src/routes/(lab)/lab/use.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  CONTENT_TYPE_PAYLOAD,
  HEADER_ROUTE_KIND,
  toPayloadUrl,
} from '../../src/framework/wire/protocol.ts'
import {
  collectPageErrors,
  linkTo,
  NOT_FOUND_TEXT,
  RequestLog,
  setupProductionServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const GREETING = 'Hello, ada, from a promise'

/** Each lab page, with the texts it shows once rendered. */
const PAGES = [
  {
    what: 'a sync page and layout calling use()',
    path: '/lab/use/ada?q=hi',
    texts: ['use() in a sync page: ada', 'Sync layout sees ada', 'Search q=hi', GREETING],
    kind: 'dynamic',
  },
  {
    what: 'an async page and layout, with a sync component calling use()',
    path: '/lab/use/ada/async?q=hi',
    texts: [
      'An async page: ada',
      'Async layout sees ada',
      'Sync layout sees ada',
      'Search q=hi',
      GREETING,
    ],
    kind: 'dynamic',
  },
  {
    what: 'a sync page calling use() under loading.tsx',
    path: '/lab/use/ada/streamed',
    texts: ['use() in a streamed page: ada', 'Sync layout sees ada', GREETING],
    // It reads no search params: use(params) and use(promise) keep it static.
    kind: 'static',
  },
]

async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await chromium.newPage(options)
  return page
}

async function expectTexts(page: Page, texts: string[]): Promise<void> {
  for (const text of texts) await page.getByText(text, { exact: true }).waitFor()
}

describe.each(PAGES)('$what ($path)', ({ path, texts, kind }) => {
  test('as a document: 200, with everything in the HTML, and it hydrates without errors', async () => {
    const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    const html = await response.text()
    for (const text of texts) expect(html).toContain(text)

    const page = await open()
    const errors = collectPageErrors(page)
    expect((await page.goto(path))?.status()).toBe(200)
    await waitForHydration(page)
    await expectTexts(page, texts)
    expect(errors).toEqual([])
  })

  test(`as a navigation payload: 200, an RSC payload, route kind ${kind}`, async () => {
    const response = await fetch(app.url + toPayloadUrl(new URL(path, app.url)))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain(CONTENT_TYPE_PAYLOAD)
    expect(response.headers.get(HEADER_ROUTE_KIND)).toBe(kind)
    const body = await response.text()
    for (const text of texts) expect(body).toContain(text)
  })

  test('by a client navigation from the lab', async () => {
    const page = await open()
    const errors = collectPageErrors(page)
    const requests = RequestLog.start(page)
    await page.goto('/lab')
    await waitForHydration(page)
    await linkTo(page, path).click()
    await page.waitForURL((url) => url.pathname + url.search === path)
    await expectTexts(page, texts)
    // The page came as a payload (prefetched, or fetched by the navigation), not as a document.
    expect(requests.documentPaths()).toEqual(['/lab'])
    expect(requests.payloadFetches(path.split('?')[0]).length).toBeGreaterThan(0)
    expect(errors).toEqual([])
  })

  test('without JavaScript', async () => {
    const page = await open({ javaScriptEnabled: false })
    expect((await page.goto(path))?.status()).toBe(200)
    await expectTexts(page, texts)
  })
})

describe('interrupts thrown after use()', () => {
  test.each([
    { what: 'a sync page', path: '/lab/use/missing' },
    { what: 'a sync layout', path: '/lab/use/gone' },
  ])('notFound() in $what answers 404 with the not-found screen', async ({ path }) => {
    const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(404)
    expect(await response.text()).toContain(NOT_FOUND_TEXT)
  })
})
