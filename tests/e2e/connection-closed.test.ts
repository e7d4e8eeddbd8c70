// Connection closed (docs/errors.md and docs/routing.md): when the RSC stream of a
// navigation or of a document ends before the payload is complete, the page shows the notice
// "The connection to the page was unexpectedly closed." with a way to reload, and nothing is left
// spinning. The tests cut real responses short in the browser (route.fetch, then fulfil with the
// first part of the body). On the server, a client that disconnects mid-stream aborts the render.
import type { Page, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { HEADER_PREFETCH } from '../../src/framework/wire/protocol.ts'
import {
  adminSession,
  CONNECTION_CLOSED_TEXT,
  clientErrorText,
  gotoHydrated,
  isPayloadUrl,
  linkTo,
  RELOAD_BUTTON_TEXT,
  RequestLog,
  STATS_LOADING_TEXT,
  STATS_TEXT,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

function open(): Promise<Page> {
  return chromium.newPage()
}

/** Answers the first matching request with its real response cut by `cut`; later ones pass. */
function cutOnce(cut: (body: string) => string) {
  let done = false
  return async (route: Route) => {
    if (done || route.request().headers()[HEADER_PREFETCH] !== undefined) return route.fallback()
    done = true
    const response = await route.fetch()
    const body = cut(await response.text())
    await route.fulfill({ response, body })
  }
}

/** The payload up to (not including) the line that contains `text`. */
function payloadBefore(text: string) {
  return (body: string) => {
    const at = body.indexOf(text)
    if (at < 0) throw new Error(`The payload does not contain ${text}.`)
    return body.slice(0, body.lastIndexOf('\n', at) + 1)
  }
}

/**
 * Waits for whichever the page ends with: the notice, the global error screen, or the whole
 * /stats page (a document load instead), and expects the notice, with no skeleton left.
 */
async function expectNotice(page: Page): Promise<void> {
  const host = new URL(app.url).hostname
  const outcomes = {
    'the connection-closed notice': page.getByText(CONNECTION_CLOSED_TEXT, { exact: true }),
    'the global error screen': page.getByText(clientErrorText(host), { exact: true }),
    'the whole page, loaded again as a document': page
      .getByTestId('stats')
      .filter({ hasText: STATS_TEXT, visible: true }),
  }
  const [first, ...rest] = Object.values(outcomes)
  await rest
    .reduce((any, outcome) => any.or(outcome), first!)
    .first()
    .waitFor()
  const shown: string[] = []
  for (const [name, locator] of Object.entries(outcomes)) {
    if (await locator.isVisible()) shown.push(name)
  }
  expect(shown).toEqual(['the connection-closed notice'])
  expect(await page.getByText(STATS_LOADING_TEXT).count(), 'no skeleton is left').toBe(0)
}

/** Clicks "Reload the page": the page loads again, whole this time. */
async function reloadFromNotice(page: Page, requests: RequestLog): Promise<void> {
  const documentsBefore = requests.documents().length
  await page.getByRole('button', { name: RELOAD_BUTTON_TEXT }).click()
  await page.getByTestId('stats').filter({ hasText: STATS_TEXT, visible: true }).waitFor()
  expect(requests.documents().length).toBe(documentsBefore + 1)
  expect(requests.documentPaths().at(-1)).toBe('/stats')
  expect(await page.getByText(CONNECTION_CLOSED_TEXT).count()).toBe(0)
}

describe('a navigation payload that ends early', () => {
  test('cut after its first row: the notice, then Reload shows the page', async () => {
    const page = await open()
    await gotoHydrated(page, '/')
    await page.route(
      (url) => isPayloadUrl(url.href, '/stats'),
      cutOnce((body) => body.slice(0, body.indexOf('\n') + 1)),
    )
    const requests = RequestLog.start(page)
    await linkTo(page, '/stats').click()
    await expectNotice(page)
    expect(requests.documentPaths()).toEqual([])
    await reloadFromNotice(page, requests)
  })

  test('cut after the shell, before the streamed part: the notice, then Reload shows the page', async () => {
    const page = await open()
    await gotoHydrated(page, '/')
    await page.route(
      (url) => isPayloadUrl(url.href, '/stats'),
      cutOnce(payloadBefore('"data-testid":"stats"')),
    )
    const requests = RequestLog.start(page)
    await linkTo(page, '/stats').click()
    await expectNotice(page)
    expect(requests.documentPaths()).toEqual([])
    await reloadFromNotice(page, requests)
  })
})

describe('a document that ends early', () => {
  test('cut before the streamed part: the notice, then Reload shows the page', async () => {
    const page = await open()
    const requests = RequestLog.start(page)
    await page.route(
      (url) => url.pathname === '/stats',
      cutOnce((html) => {
        // React streams the late part as a hidden element that replaces the skeleton; the
        // payload row it comes from is inlined as a script, before or after it.
        const late = html.indexOf('<div hidden id="S:')
        const row = html.indexOf('"data-testid":"stats')
        if (late < 0 || row < 0) throw new Error('The /stats document has no streamed part.')
        const rowScript = html.lastIndexOf('<script', row)
        return html.slice(0, Math.min(late, rowScript))
      }),
    )
    const response = await page.goto('/stats')
    expect(response?.status()).toBe(200)
    await expectNotice(page)
    await reloadFromNotice(page, requests)
  })
})

describe('the server side: a client that goes away', () => {
  const streams: { what: string; path: string; headers: Record<string, string> }[] = [
    { what: 'document', path: '/lab/never', headers: { accept: 'text/html' } },
    { what: 'payload', path: '/lab/never_.rsc', headers: {} },
  ]
  test.each(streams)(
    'disconnecting from a streaming $what aborts its render',
    async ({ path, headers }) => {
      const server = app.server.process
      const from = server.output.length
      const controller = new AbortController()
      const response = await fetch(app.url + path, { headers, signal: controller.signal })
      expect(response.status).toBe(200)
      const reader = response.body!.getReader()
      const first = await reader.read()
      expect(first.done).toBe(false)
      if (path === '/lab/never') {
        expect(new TextDecoder().decode(first.value)).toContain('Waiting forever…')
      }
      controller.abort()
      await reader.closed.catch(() => {})
      await server.waitForLine(
        /^\[render aborted\] GET \/lab\/never: the client disconnected$/,
        15_000,
        from,
      )
      // The server goes on answering.
      const next = await fetch(`${app.url}/about`, { headers: { accept: 'text/html' } })
      expect(next.status).toBe(200)
      await next.text()
    },
  )

  test('a render cut short by a disconnect is not kept as the page for the next visitors', async () => {
    // /lab/slow is static: its first complete render is kept and served from memory. The build
    // prerendered it (docs/caching.md): dropped first, so that this request renders it.
    const dropped = await fetch(`${app.url}/lab/prerender/revalidate?path=/lab/slow`, {
      method: 'POST',
      headers: { cookie: await adminSession(app.url) }, // the admin's (docs/security.md)
    })
    expect(dropped.status).toBe(204)
    const server = app.server.process
    const from = server.output.length
    const controller = new AbortController()
    const first = fetch(`${app.url}/lab/slow`, {
      headers: { accept: 'text/html' },
      signal: controller.signal,
    }).catch((error: unknown) => error)
    await server.waitForLine(/^\[lab\] rendering \/lab\/slow$/, 15_000, from)
    controller.abort()
    await first
    // The render of a page that will be kept runs to its end even though its client left.

    // The server finishes with the request it was rendering in the turns after the abort: once
    // it has answered three other requests one after the other, that request is behind it.
    for (let i = 0; i < 3; i++) {
      const other = await fetch(`${app.url}/about_.rsc`)
      expect(other.status).toBe(200)
      await other.arrayBuffer()
    }

    const next = await fetch(`${app.url}/lab/slow`, { headers: { accept: 'text/html' } })
    const html = await next.text()
    expect({
      status: next.status,
      'the slow part arrived': html.includes('The slow part has arrived.'),
      'an error row with an empty digest': html.includes('E{"digest":""}'),
    }).toEqual({
      status: 200,
      'the slow part arrived': true,
      'an error row with an empty digest': false,
    })
  })
})
