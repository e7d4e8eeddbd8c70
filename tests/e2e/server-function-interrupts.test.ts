// Interrupts thrown by server functions (docs/errors.md, columns "server function, JS" and
// "server function, no JS"; docs/protocol.md). /lab/actions calls a function that throws each interrupt,
// from a click handler (showing `resolved:` / `rejected:`) and as a <form action>;
// /lab/scoped/actions is the same page below folders with their own fallback screens.
//   With JavaScript: notFound() and the like reject the call, and an uncaught rejection (a form's
//   action) shows the nearest screen; redirect() is a push navigation carried by the call's own
//   response. Without JavaScript: the fallback page with its status, or 303 + Location.
import type { Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  clickCounter,
  counter,
  EXTERNAL_TEXT,
  EXTERNAL_URL,
  FORBIDDEN_TEXT,
  gotoHydrated,
  historyLength,
  NOT_FOUND_TEXT,
  pathOf,
  RequestLog,
  SCOPED_LAB_TEXTS,
  serveExternalOrigin,
  setupProductionServerAndBrowser,
  UNAUTHORIZED_TEXT,
  waitForHydration,
  waitForLoggedError,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const HEADING = 'Server function interrupts'
const SECRET = 'secret detail 42'

const FALLBACKS = [
  { path: '/lab/actions', kind: 'not-found', status: 404, text: NOT_FOUND_TEXT },
  { path: '/lab/actions', kind: 'unauthorized', status: 401, text: UNAUTHORIZED_TEXT },
  { path: '/lab/actions', kind: 'forbidden', status: 403, text: FORBIDDEN_TEXT },
  { path: '/lab/scoped/actions', kind: 'not-found', status: 404, text: SCOPED_LAB_TEXTS[404] },
  { path: '/lab/scoped/actions', kind: 'unauthorized', status: 401, text: SCOPED_LAB_TEXTS[401] },
  { path: '/lab/scoped/actions', kind: 'forbidden', status: 403, text: SCOPED_LAB_TEXTS[403] },
]

/** A hydrated page at `path`, its Counter at 1. */
async function startAt(path: string) {
  const page = await chromium.newPage()
  await gotoHydrated(page, path)
  await waitForHydration(page, 'main button')
  await clickCounter(page, 'Clicked 1 time')
  const requests = RequestLog.start(page)
  return { page, requests, length: await historyLength(page) }
}

function posts(requests: RequestLog): Request[] {
  return requests.requests.filter((request) => request.method() === 'POST')
}

function button(page: Page, name: string) {
  return page.getByRole('button', { name, exact: true })
}

describe('with JavaScript: access fallbacks', () => {
  test.each(FALLBACKS.slice(0, 3))(
    'a call whose function throws $kind rejects, in one request, and the page shows $text',
    async ({ path, kind, text }) => {
      const { page, requests, length } = await startAt(path)
      // The screen replaces the page (and its button), so the lab logs how the call ended.
      const outcome = page.waitForEvent('console', (message) =>
        message.text().startsWith(`[lab] call ${kind} `),
      )
      await button(page, `Call ${kind}`).click()
      expect((await outcome).text()).toMatch(/ rejected: /)
      await page.getByText(text, { exact: true }).first().waitFor()
      expect(pathOf(page)).toBe(path)
      expect(await historyLength(page)).toBe(length)
      expect(posts(requests).map((request) => new URL(request.url()).pathname)).toEqual([
        `${path}_.rsc`,
      ])
      expect(requests.payloads().filter((request) => request.method() === 'GET')).toEqual([])
      expect(requests.documentPaths()).toEqual([])
    },
  )

  test.each(FALLBACKS)(
    'a form on $path whose function throws $kind shows $text, the URL kept',
    async ({ path, kind, text }) => {
      const { page, requests, length } = await startAt(path)
      await button(page, `Submit ${kind}`).click()
      await page.getByText(text, { exact: true }).waitFor()
      expect(await page.getByRole('heading', { level: 1, name: HEADING }).count()).toBe(0)
      expect(pathOf(page)).toBe(path)
      expect(await historyLength(page)).toBe(length)
      expect(posts(requests)).toHaveLength(1)
      expect(requests.payloads().filter((request) => request.method() === 'GET')).toEqual([])
      expect(requests.documentPaths()).toEqual([])
      expect(await counter(page).textContent()).toBe('Clicked 1 time')
    },
  )
})

describe('with JavaScript: redirects', () => {
  const cases = [
    { name: 'Call redirect' },
    { name: 'Call permanent-redirect' },
    { name: 'Submit redirect' },
    { name: 'Submit permanent-redirect' },
  ]

  test.each(cases)('$name pushes /about, rendered by the same response', async ({ name }) => {
    const { page, requests, length } = await startAt('/lab/actions')
    await button(page, name).click()
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
    expect(pathOf(page)).toBe('/about')
    const [post, ...more] = posts(requests)
    expect(more).toEqual([])
    const response = await post!.response()
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toMatch(/^text\/x-component/)
    // No request for the target: the call's response carried it.
    expect(requests.payloads('/about')).toEqual([])
    expect(requests.documentPaths()).toEqual([])
    expect(await counter(page).textContent()).toBe('Clicked 1 time')
    // A push: Back returns to the page of the form.
    expect(await historyLength(page)).toBe(length + 1)
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: HEADING }).waitFor()
    expect(pathOf(page)).toBe('/lab/actions')
  })

  test.each(['Call external', 'Submit external'])(
    '%s goes to the other origin as a document, never fetching it',
    async (name) => {
      const { page, requests } = await startAt('/lab/actions')
      const external = await serveExternalOrigin(page.context())
      await button(page, name).click()
      await page.waitForURL(EXTERNAL_URL)
      await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
      expect(external.resourceTypes()).toEqual(['document'])
      expect(posts(requests)).toHaveLength(1)
    },
  )
})

describe('with JavaScript: other errors', () => {
  test('reject the call with the digest only: the message stays in the server log', async () => {
    const { page } = await startAt('/lab/actions')
    // The answer's body as the browser received it, kept by the test: Chromium does not always
    // keep the body of a fetch() the page read as a stream for Playwright to ask for afterwards.
    let answered!: (body: string) => void
    const answer = new Promise<string>((resolve) => {
      answered = resolve
    })
    await page.route(
      (url) => url.pathname === '/lab/actions_.rsc',
      async (route) => {
        if (route.request().method() !== 'POST') return route.fallback()
        const response = await route.fetch()
        const body = await response.text()
        answered(body)
        await route.fulfill({ response, body })
      },
    )
    await button(page, 'Call error').click()
    const result = page.getByTestId('result-error')
    await result.filter({ hasText: /^rejected: / }).waitFor()
    expect(await result.textContent()).not.toContain(SECRET)
    // biome-ignore lint/performance/useDomNodeTextContent: the text the user sees
    expect(await page.locator('body').innerText()).not.toContain(SECRET)
    const body = await answer
    expect(body).not.toContain(SECRET)
    const digest = body.match(/"digest":"(\d+)"/)?.[1]
    expect(digest).toBeDefined()
    const logged = await waitForLoggedError(app.server.process, digest!)
    expect(logged.detail[0]).toContain(SECRET)
  })
})

describe('without JavaScript', () => {
  async function submit(path: string, kind: string) {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto(path)
    const posted = page.waitForResponse((response) => response.request().method() === 'POST')
    await button(page, `Submit ${kind}`).click()
    return { page, response: await posted }
  }

  test.each(FALLBACKS)(
    'a form on $path whose function throws $kind answers $status with $text',
    async ({ path, kind, status, text }) => {
      const { page, response } = await submit(path, kind)
      expect(response.status()).toBe(status)
      expect(response.headers()['content-type']).toMatch(/^text\/html/)
      await page.getByText(text, { exact: true }).waitFor()
      expect(await page.getByRole('heading', { level: 1, name: HEADING }).count()).toBe(0)
      expect(pathOf(page)).toBe(path)
    },
  )

  test.each(['redirect', 'permanent-redirect'])(
    'a form whose function throws %s answers 303 with Location: /about',
    async (kind) => {
      const { page, response } = await submit('/lab/actions', kind)
      expect(response.status()).toBe(303)
      expect(response.headers().location).toBe('/about')
      await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
      expect(pathOf(page)).toBe('/about')
      // The browser followed with a GET: Back goes to the form, reloading never re-posts.
      await page.goBack()
      await page.getByRole('heading', { level: 1, name: HEADING }).waitFor()
    },
  )

  test('a redirect to another origin answers 303 with that Location', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await serveExternalOrigin(page.context())
    await page.goto('/lab/actions')
    const posted = page.waitForResponse((response) => response.request().method() === 'POST')
    await button(page, 'Submit external').click()
    const response = await posted
    expect(response.status()).toBe(303)
    expect(response.headers().location).toBe(EXTERNAL_URL)
    await page.waitForURL(EXTERNAL_URL)
    await page.getByRole('heading', { name: EXTERNAL_TEXT }).waitFor()
  })
})
