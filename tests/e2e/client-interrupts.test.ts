// notFound(), unauthorized(), forbidden(), redirect() and permanentRedirect() imported from
// #framework/client and thrown by a client component while it renders (docs/errors.md): on a
// document load the status and screen come from the server render; in a client navigation the
// browser's boundaries show the screen or navigate. /lab/client-interrupt/[kind] throws `kind`.
import { expect, test } from 'vitest'
import {
  FORBIDDEN_TEXT,
  gotoHydrated,
  linkTo,
  NOT_FOUND_TEXT,
  pathOf,
  setupProductionServerAndBrowser,
  UNAUTHORIZED_TEXT,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

test.each([
  ['not-found', 404, NOT_FOUND_TEXT],
  ['unauthorized', 401, UNAUTHORIZED_TEXT],
  ['forbidden', 403, FORBIDDEN_TEXT],
])(
  'document: a client component calling %s() answers %i with its screen',
  async (kind, status, text) => {
    const page = await chromium.newPage()
    const response = await page.goto(`/lab/client-interrupt/${kind}`)
    expect(response?.status()).toBe(status)
    await page.getByText(text).first().waitFor()
    expect(await page.getByTestId('client-interrupt').count()).toBe(0)
  },
)

test.each([
  ['redirect', 'redirect', 307],
  ['permanentRedirect', 'permanent-redirect', 308],
])(
  'document: a client component calling %s() answers its status and Location /about',
  async (_, kind, status) => {
    const response = await fetch(`${app.url}/lab/client-interrupt/${kind}`, { redirect: 'manual' })
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe('/about')
  },
)

test('client navigation: a client component calling notFound() shows the 404 screen, URL kept', async () => {
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab')
  await linkTo(page, '/lab/client-interrupt/not-found').click()
  await page.getByText(NOT_FOUND_TEXT).first().waitFor()
  expect(pathOf(page)).toBe('/lab/client-interrupt/not-found')
  expect(await page.locator('meta[name="robots"][content="noindex"]').count()).toBe(1)
})

test('a kind it does not know renders the client component', async () => {
  const page = await chromium.newPage()
  const response = await page.goto('/lab/client-interrupt/none')
  expect(response?.status()).toBe(200)
  await page.getByTestId('client-interrupt').waitFor()
})
