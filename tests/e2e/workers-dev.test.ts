// The Workers dev server (`npm run dev:workers`; docs/deploying.md, "Cloudflare Workers"): the
// server code runs in workerd, its modules loaded by the Cloudflare plugin's module runner, and a
// page is served and hydrates as under `npm run dev` (dev.test.ts). In the e2e-workers project,
// which has the Workers toolchain installed (vitest.config.ts).
import { expect, test } from 'vitest'
import { expectDevHomeHydrates, setupDevServerAndBrowser } from './support/index.ts'

const { dev, chromium } = setupDevServerAndBrowser({ workers: true })

test('the Workers dev server serves / with status 200 and the page hydrates', async () => {
  await expectDevHomeHydrates(await chromium.newPage())
})

// Work a first request started for every later one (the route's modules, its segment config) is
// reused by the next requests, each in its own I/O context.
test('the Workers dev server answers later requests, documents and payloads', async () => {
  for (const path of ['/notes/3', '/', '/notes/3']) {
    expect((await fetch(`${dev.url}${path}`)).status).toBe(200)
  }
  const response = await fetch(`${dev.url}/notes/3_.rsc`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/x-component/)
  expect(await response.text()).toContain('Note id: ')
})
