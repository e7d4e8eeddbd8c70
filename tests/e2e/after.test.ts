// after() (docs/errors.md, "after()"): callbacks run once the response has been sent (documents,
// payloads, server functions, route handlers); a failing one is logged with a digest and changes
// nothing; on SIGTERM the server waits for those under way. Fixtures: src/routes/(lab)/lab/after/.
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import {
  loggedErrors,
  payloadPathOf,
  setupProductionServerAndBrowser,
  startProductionServer,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

async function ranWhere(origin: string, id: string): Promise<string | null> {
  const response = await fetch(`${origin}/lab/after/status?id=${id}`)
  return ((await response.json()) as { ran: string | null }).ran
}

test('a document: the callback runs after the whole streamed body was sent, not before', async () => {
  const id = randomUUID()
  const response = await fetch(`${app.url}/lab/after?id=${id}`)
  const html = await response.text()
  expect(response.status).toBe(200)
  expect(html).toContain('Callback ran before the end: no')
  await expect.poll(() => ranWhere(app.url, id)).toBe('page')
})

test('a payload: the same', async () => {
  const id = randomUUID()
  const response = await fetch(`${app.url}${payloadPathOf('/lab/after')}?id=${id}`)
  expect(await response.text()).toContain('Callback ran before the end: no')
  await expect.poll(() => ranWhere(app.url, id)).toBe('page')
})

test('a route handler: the callback runs after its answer', async () => {
  const id = randomUUID()
  const response = await fetch(`${app.url}/lab/after/handler?id=${id}`)
  expect(await response.text()).toBe(`Handled ${id}\n`)
  await expect.poll(() => ranWhere(app.url, id)).toBe('handler')
})

test('a failing callback is logged with a digest and changes nothing of the response', async () => {
  const id = randomUUID()
  const from = app.server.process.output.length
  const response = await fetch(`${app.url}/lab/after/handler?id=${id}&kind=fail`)
  expect(response.status).toBe(200)
  expect(await response.text()).toBe(`Handled ${id}\n`)
  await expect
    .poll(() => loggedErrors(app.server.process, from).map((e) => e.detail[0]))
    .toContainEqual(expect.stringContaining(`The lab's after() callback failed (${id}).`))
  expect((await fetch(`${app.url}/lab/after/handler?id=x`)).status).toBe(200)
})

test('in the browser, the page streams in whole and the callback runs', async () => {
  const id = randomUUID()
  const page = await browser.newPage()
  await page.goto(`/lab/after?id=${id}`)
  await expect
    .poll(() => page.getByTestId('late').textContent())
    .toBe('Callback ran before the end: no')
  await expect.poll(() => ranWhere(app.url, id)).toBe('page')
})

test('a server function: the callback runs after its answer', async () => {
  const id = randomUUID()
  const page = await browser.newPage()
  await page.goto(`/lab/after?id=${id}`)
  const answered = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Run after() in a server function' }).click()
  expect((await answered).status()).toBe(200)
  await expect.poll(() => ranWhere(app.url, `${id}-function`)).toBe('function')
})

test('on SIGTERM the server waits for callbacks under way before it exits', async () => {
  const server = await startProductionServer()
  try {
    const id = randomUUID()
    const response = await fetch(`${server.url}/lab/after/handler?id=${id}&kind=slow`)
    expect(await response.text()).toBe(`Handled ${id}\n`)
    const status = await server.stop()
    const lines = server.process.output.map((line) => line.text)
    expect(lines).toContain(`[lab after] slow callback ${id} finished`)
    expect(status.code).toBe(0)
  } finally {
    await server.stop()
  }
})
