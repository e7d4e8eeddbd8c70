// Dev smoke test (contract section 1): `npm run dev` serves a page that hydrates. The Vite dev
// server is spawned as `node vite.js` and stopped by its PID after the file, also on failure.
import { expect, test } from 'vitest'
import {
  clickCounter,
  collectPageErrors,
  counter,
  setupBrowser,
  setupDevServer,
  waitForHydration,
} from './support/index.ts'

const dev = setupDevServer()
const chromium = setupBrowser(dev)

test('the dev server serves / with status 200 and the page hydrates', async () => {
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

test('the dev server answers a navigation payload', async () => {
  const response = await fetch(`${dev.url}/notes/3_.rsc`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/x-component/)
  expect(await response.text()).toContain('Note id: ')
})
