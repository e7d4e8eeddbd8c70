// connection() (docs/caching.md, "connection()"): a page that awaits it reads nothing of the
// request, yet is rendered for every request and never stored as static. Fixture: /lab/connection,
// and /lab/connection/slow, which streams a part for 12 s after connection().
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import type { PrerenderManifest } from '../../src/framework/static/prerendered.ts'
import { HEADER_ROUTE_KIND } from '../../src/framework/wire/protocol.ts'
import { DIST_DIR, payloadPathOf, setupProductionServerAndBrowser } from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

function renderId(body: string): string {
  const match = body.match(/Render ([0-9a-f-]{36})/)
  if (!match) throw new Error(`No render id in:\n${body.slice(0, 500)}`)
  return match[1]!
}

test('a page that awaits connection() renders per request, as a dynamic page', async () => {
  const first = await fetch(`${app.url}/lab/connection`)
  const second = await fetch(`${app.url}/lab/connection`)
  expect(first.status).toBe(200)
  expect(first.headers.get('etag')).toBeNull()
  expect(first.headers.get('cache-control')).toBe('private, no-store')
  expect(renderId(await first.text())).not.toBe(renderId(await second.text()))
  const payload = await fetch(app.url + payloadPathOf('/lab/connection'))
  expect(payload.headers.get(HEADER_ROUTE_KIND)).toBe('dynamic')
})

test('in the browser, each load shows a new render', async () => {
  const page = await browser.newPage()
  await page.goto('/lab/connection')
  const first = await page.getByTestId('render-id').textContent()
  await page.reload()
  await expect.poll(() => page.getByTestId('render-id').textContent()).not.toBe(first)
})

test('a page that streams for 12 s after connection(): the build left it dynamic, and its first request streams', async () => {
  // The build did not wait for it (a whole render stops at connection()): it built at all.
  const manifest: PrerenderManifest = JSON.parse(
    readFileSync(join(DIST_DIR, 'prerender', 'manifest.json'), 'utf8'),
  )
  const route = manifest.routes.find((entry) =>
    entry.route.endsWith('lab/connection/slow/page.tsx'),
  )
  expect(route?.kind).toBe('dynamic')

  // The first request of this server: its shell arrives long before the slow part (not a 500
  // after the 10 s a whole render may take).
  const started = Date.now()
  const response = await fetch(`${app.url}/lab/connection/slow`)
  expect(response.status).toBe(200)
  const reader = response.body!.getReader()
  const decoder = new TextDecoder()
  let shell = ''
  while (!shell.includes('Waiting for the slow part')) {
    const { done, value } = await reader.read()
    if (done) break
    shell += decoder.decode(value, { stream: true })
  }
  expect(shell).toContain('Rendered at request time, slowly')
  expect(Date.now() - started).toBeLessThan(8000)
  await reader.cancel()
})
