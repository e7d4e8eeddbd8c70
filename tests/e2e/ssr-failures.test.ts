// A client component that fails only during SSR (docs/errors.md): it reads `window` while
// rendering, so the shell cannot render on the server. The document answers 500 and starts the
// app in the browser, which renders the page there (no hydration). Only a component that fails
// in the browser as well reaches the global error screen, in its client-side wording. Server
// component failures keep the server-side screen with its digest.
// The routes are src/routes/(lab)/lab/global/{ssr-only,everywhere,server}.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  clientErrorText,
  collectPageErrors,
  counter,
  loggedErrors,
  serverErrorText,
  setupProductionServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const SSR_ONLY_HEADING = 'A client component that needs window'
const BROWSER_TEXT = 'Rendered in the browser at /lab/global/ssr-only'
const EVERYWHERE_HEADING = 'A client component that always fails'

async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await chromium.newPage(options)
  return page
}

function host(): string {
  return new URL(app.url).hostname
}

describe('a client component that fails only during SSR', () => {
  test('the document answers 500 with the page to render in the browser, not the error screen', async () => {
    const from = app.server.process.output.length
    const response = await fetch(`${app.url}/lab/global/ssr-only`, {
      headers: { accept: 'text/html' },
    })
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await response.text()
    // The app's scripts and the payload to render from; no server-side error screen.
    expect(html).toMatch(/<script type="module"[^>]* src="[^"]+"/)
    expect(html).toContain(SSR_ONLY_HEADING) // in the inlined payload
    expect(html).not.toContain(serverErrorText(host()))
    // The failure is logged once, with a digest, as every server-side failure is.
    const logged = loggedErrors(app.server.process, from)
    expect(logged).toHaveLength(1)
    expect(logged[0]!.detail[0]).toContain('window is not defined')
  })

  test('the browser renders the page, and it works', async () => {
    const page = await open()
    const errors = collectPageErrors(page)
    const response = await page.goto('/lab/global/ssr-only')
    expect(response?.status()).toBe(500)
    await page.getByRole('heading', { level: 1, name: SSR_ONLY_HEADING }).waitFor()
    await page.getByText(BROWSER_TEXT, { exact: true }).waitFor()
    expect(await page.title()).toBe('Fails only during SSR · Lab')
    // The root layout's client components are live: the app is running.
    await waitForHydration(page)
    await counter(page).click()
    await page.getByRole('button', { name: 'Clicked 1 time', exact: true }).waitFor()
    expect(await page.getByText(clientErrorText(host())).count()).toBe(0)
    expect(errors).toEqual([])
  })
})

describe('a client component that fails on the server and in the browser', () => {
  test('500, then the global error screen in its client-side wording', async () => {
    const page = await open()
    const response = await page.goto('/lab/global/everywhere')
    expect(response?.status()).toBe(500)
    await page.getByText(clientErrorText(host()), { exact: true }).waitFor()
    expect(await page.getByText(serverErrorText(host())).count()).toBe(0)
    expect(await page.getByText(/^Digest: /).count()).toBe(0)
    expect(await page.getByText(EVERYWHERE_HEADING).count()).toBe(0)
  })
})

describe('a server component failure is unchanged', () => {
  test('500 with the server-side screen and its digest, no scripts', async () => {
    const response = await fetch(`${app.url}/lab/global/server`, {
      headers: { accept: 'text/html' },
    })
    expect(response.status).toBe(500)
    const html = await response.text()
    expect(html).toContain(serverErrorText(host()))
    expect(html).toMatch(/Digest: \d+/)
    expect(html).not.toContain('<script')
  })
})
