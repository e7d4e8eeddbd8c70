// Injection (docs/security.md, issue 7 item 4): /lab/inject renders strings that would break
// out of an inline script or a JSON literal (`</script>`, `<!--`, `<script>`, U+2028/U+2029,
// quotes and brackets) on the server and passes them through the RSC payload to a client
// component. They must arrive intact, in the server-rendered list and in the client
// component, and never run: the test fails if anything sets window.__injected, opens a dialog
// or logs an error, on a document load and after a client navigation.
import { runInNewContext } from 'node:vm'
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import { INLINE_PAYLOAD_GLOBAL } from '../../src/framework/wire/protocol.ts'
import { HOSTILE_STRINGS } from '../../src/routes/(lab)/lab/inject/hostile.ts'
import {
  clickCounter,
  clickLink,
  gotoHydrated,
  RequestLog,
  setupProductionServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

/** What each list item shows: the string as JSON, so invisible characters can be compared. */
const EXPECTED = HOSTILE_STRINGS.map((value) => JSON.stringify(value))

type TrapWindow = Window & { __injectedWrites?: string[] }

/**
 * Traps window.__injected before any script of the page runs, and records every dialog,
 * console error and uncaught error. `found()` lists what was seen.
 */
async function watchForInjection(page: Page): Promise<{ found(): Promise<string[]> }> {
  const seen: string[] = []
  await page.addInitScript(() => {
    const win = window as TrapWindow
    const writes: string[] = []
    win.__injectedWrites = writes
    Object.defineProperty(window, '__injected', {
      configurable: false,
      get: () => undefined,
      set: (value: unknown) => {
        writes.push(String(value))
      },
    })
  })
  page.on('dialog', (dialog) => {
    seen.push(`dialog: ${dialog.message()}`)
    void dialog.dismiss()
  })
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console error: ${message.text()}`)
  })
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`))
  return {
    async found() {
      const { writes, scripts } = await page.evaluate(() => ({
        writes: [...((window as TrapWindow).__injectedWrites ?? [])],
        // A script element made from a hostile string would start with its code.
        scripts: [...document.scripts]
          .map((script) => script.text.trim())
          .filter((text) => text.startsWith('window.__injected')),
      }))
      return [
        ...seen,
        ...writes.map((value) => `window.__injected was set to ${value}`),
        ...scripts.map((text) => `a script element runs ${JSON.stringify(text)}`),
      ]
    },
  }
}

async function listTexts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).locator('li').allTextContents()
}

test('the inlined payload carries every hostile string, escaped inside its scripts', async () => {
  const response = await fetch(`${app.url}/lab/inject`, { headers: { accept: 'text/html' } })
  expect(response.status).toBe(200)
  const html = await response.text()
  const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!)
  const payloadScripts = scripts.filter((text) => text.includes(INLINE_PAYLOAD_GLOBAL))
  expect(payloadScripts.length).toBeGreaterThan(0)
  // Every push is a whole script: none was closed early by a string it carries.
  expect(html.split(INLINE_PAYLOAD_GLOBAL).length - 1).toBe(payloadScripts.length)
  for (const text of payloadScripts) {
    expect(text).not.toMatch(/<\/?script/i)
    expect(text).not.toContain('<!--')
  }
  // Run them as the browser would: they push the payload, which holds each string as JSON.
  const self: Record<string, unknown> = {}
  for (const text of payloadScripts) runInNewContext(text, { self })
  const payload = (self[INLINE_PAYLOAD_GLOBAL] as unknown[])
    .map((chunk) =>
      typeof chunk === 'string'
        ? chunk
        : Buffer.from(String((chunk as unknown[])[0]), 'base64').toString('utf8'),
    )
    .join('')
  for (const value of HOSTILE_STRINGS) expect(payload).toContain(JSON.stringify(value))
})

test('a document load: the strings round-trip intact, server- and client-rendered, and never run', async () => {
  const page = await chromium.newPage()
  const injection = await watchForInjection(page)
  const response = await page.goto('/lab/inject')
  expect(response?.status()).toBe(200)
  await waitForHydration(page, 'button.counter')
  expect(await listTexts(page, 'server-render')).toEqual(EXPECTED)
  expect(await listTexts(page, 'client-echo')).toEqual(EXPECTED)
  // Hydrated and interactive: the page's own scripts ran, the hostile ones did not.
  await clickCounter(page, 'Clicked 1 time')
  expect(await listTexts(page, 'client-echo')).toEqual(EXPECTED)
  expect(await injection.found()).toEqual([])
})

test('a client navigation to the page: the strings arrive intact in the payload and never run', async () => {
  const page = await chromium.newPage()
  const injection = await watchForInjection(page)
  const requests = RequestLog.start(page)
  await gotoHydrated(page, '/lab')
  await clickLink(page, '/lab/inject')
  await page
    .getByTestId('client-echo')
    .locator('li')
    .nth(EXPECTED.length - 1)
    .waitFor()
  // Rendered from the page's payload (fetched by the Link's prefetch or by the navigation).
  expect(requests.documentPaths()).toEqual(['/lab'])
  expect(requests.payloadFetches('/lab/inject').length).toBeGreaterThan(0)
  expect(await listTexts(page, 'server-render')).toEqual(EXPECTED)
  expect(await listTexts(page, 'client-echo')).toEqual(EXPECTED)
  // Away and back through history: rendered again from the kept payload, still inert.
  await page.goBack()
  await page.waitForURL((url) => url.pathname === '/lab')
  await page.goForward()
  await page.waitForURL((url) => url.pathname === '/lab/inject')
  await page
    .getByTestId('client-echo')
    .locator('li')
    .nth(EXPECTED.length - 1)
    .waitFor()
  expect(await listTexts(page, 'client-echo')).toEqual(EXPECTED)
  expect(await injection.found()).toEqual([])
})
