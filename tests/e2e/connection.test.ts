// connection() (docs/caching.md, "connection()"): a page that awaits it reads nothing of the
// request, yet is rendered for every request and never stored as static. Fixture: /lab/connection.
import { expect, test } from 'vitest'
import { HEADER_ROUTE_KIND } from '../../src/framework/wire/protocol.ts'
import { payloadPathOf, setupBrowser, setupProductionServer } from './support/index.ts'

const app = setupProductionServer()
const browser = setupBrowser(app)

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
