// Errors in development (docs/errors.md): unlike production, the client sees a server
// error's message (in the payload and in error.tsx), and a payload that ends early shows the
// connection-closed notice. Runs against the Vite dev server, which compiles on demand: the first
// request of each page is given more time.
import { describe, expect, test } from 'vitest'
import { HEADER_PREFETCH } from '../../src/framework/wire/protocol.ts'
import {
  CONNECTION_CLOSED_TEXT,
  clientErrorText,
  gotoHydrated,
  isPayloadUrl,
  linkTo,
  newDevPage,
  STATS_LOADING_TEXT,
  STATS_TEXT,
  setupDevServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { dev, chromium } = setupDevServerAndBrowser()

const SECRET = 'secret detail 42'
const open = () => newDevPage(chromium)

describe('development shows server error messages', () => {
  test('the payload carries the message of a server component error', async () => {
    const response = await fetch(`${dev.url}/lab/errors/server_.rsc`)
    expect(response.headers.get('content-type')).toMatch(/^text\/x-component/)
    expect(await response.text()).toContain(`The lab server component failed (${SECRET}).`)
  }, 120_000)

  test('error.tsx shows the message, in the document and after a client navigation', async () => {
    const page = await open()
    const response = await page.goto('/lab/errors/server')
    expect(response?.status()).toBe(500)
    const message = page.getByTestId('error-message')
    await message.filter({ hasText: SECRET }).waitFor()
    expect(await message.textContent()).toContain(`The lab server component failed (${SECRET}).`)

    await gotoHydrated(page, '/lab')
    await linkTo(page, '/lab/errors/server').click()
    await page.waitForURL((url) => url.pathname === '/lab/errors/server')
    await message.filter({ hasText: SECRET }).waitFor()
  }, 180_000)
})

describe('development shows the connection-closed notice', () => {
  test('for a navigation payload cut before its streamed part', async () => {
    const page = await open()
    await gotoHydrated(page, '/')
    await waitForHydration(page, 'button.counter')
    let cut = false
    await page.route(
      (url) => isPayloadUrl(url.href, '/stats'),
      async (route) => {
        if (cut || route.request().headers()[HEADER_PREFETCH] !== undefined) return route.fallback()
        cut = true
        const response = await route.fetch()
        const body = await response.text()
        const at = body.indexOf('"data-testid":"stats"')
        if (at < 0) throw new Error('The /stats payload has no stats row.')
        await route.fulfill({ response, body: body.slice(0, body.lastIndexOf('\n', at) + 1) })
      },
    )
    await linkTo(page, '/stats').click()
    const notice = page.getByText(CONNECTION_CLOSED_TEXT, { exact: true })
    const globalError = page.getByText(clientErrorText(new URL(dev.url).hostname), { exact: true })
    await notice.or(globalError).first().waitFor()
    expect(await notice.isVisible()).toBe(true)
    expect(await page.getByText(STATS_LOADING_TEXT).count()).toBe(0)

    await page.getByRole('button', { name: 'Reload the page' }).click()
    await page.getByTestId('stats').filter({ hasText: STATS_TEXT, visible: true }).waitFor()
  }, 180_000)
})
