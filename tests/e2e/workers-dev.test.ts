// The Workers dev server (`npx vite --config vite.workers.config.ts`; docs/deploying.md, "Cloudflare
// Workers"): the server code runs in workerd, its modules loaded by the Cloudflare plugin's module
// runner, and a page is served and hydrates as under `npm run dev` (dev.test.ts). In the
// e2e-workers project, which has the Workers toolchain installed (vitest.config.ts).
import { expect, test } from 'vitest'
import {
  clickCounter,
  collectPageErrors,
  counter,
  setupDevServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { dev, chromium } = setupDevServerAndBrowser({ workers: true })

test('the Workers dev server serves / with status 200 and the page hydrates', async () => {
  const page = await chromium.newPage()
  const errors = collectPageErrors(page)
  // The first request compiles the app on demand: allow it more time than a built page.
  const response = await page.goto('/', { timeout: 90_000 })
  expect(response?.status()).toBe(200)
  await page.getByRole('heading', { level: 1, name: 'Notebook' }).waitFor()
  expect(await counter(page).textContent()).toBe('Clicked 0 times')
  await waitForHydration(page, 'button.counter', { timeout: 90_000 })
  await clickCounter(page, 'Clicked 1 time')
  expect(errors).toEqual([])
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
