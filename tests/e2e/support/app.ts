// What the tests know about the notebook app in src/routes: its texts and its client Counter.
import type { BrowserContext, Locator, Page } from 'playwright-core'
import { expect } from 'vitest'
import { collectPageErrors, waitForHydration } from './page.ts'

/** The client component in the root layout; its state must survive client navigations. */
export function counter(page: Page): Locator {
  return page.getByRole('button', { name: /^Clicked \d+ times?$/ })
}

/** Clicks the Counter and waits until it shows `expected` (e.g. "Clicked 1 time"). */
export async function clickCounter(page: Page, expected: string): Promise<void> {
  await counter(page).click()
  await page.getByRole('button', { name: expected, exact: true }).waitFor()
}

/**
 * Loads / from a dev server and checks it: status 200, the notebook's heading, and the Counter
 * counting once hydrated, with no error in the page. The first request compiles the app on
 * demand: it is given more time than a built page.
 */
export async function expectDevHomeHydrates(page: Page): Promise<void> {
  const errors = collectPageErrors(page)
  const response = await page.goto('/', { timeout: 90_000 })
  expect(response?.status()).toBe(200)
  await page.getByRole('heading', { level: 1, name: 'Notebook' }).waitFor()
  expect(await counter(page).textContent()).toBe('Clicked 0 times')
  await waitForHydration(page, 'button.counter', { timeout: 90_000 })
  await clickCounter(page, 'Clicked 1 time')
  expect(errors).toEqual([])
}

export const NOT_FOUND_TEXT = 'This page could not be found.'
export const STATS_LOADING_TEXT = 'Counting notes…'
export const STATS_TEXT = '50 notes, 7 tags'

// The fallback screens' texts (docs/errors.md, quoted exactly).
export const UNAUTHORIZED_TEXT = "You're not authorized to access this page."
export const FORBIDDEN_TEXT = 'This page could not be accessed.'
export const CONNECTION_CLOSED_TEXT = 'The connection to the page was unexpectedly closed.'
export const RELOAD_BUTTON_TEXT = 'Reload the page'

/** The global error screen's sentence for an exception in the browser. */
export function clientErrorText(host: string): string {
  return `Application error: a client-side exception has occurred while loading ${host} (see the browser console for more information).`
}

/** The global error screen's sentence for a server failure (a `Digest:` line follows it). */
export function serverErrorText(host: string): string {
  return `Application error: a server-side exception has occurred while loading ${host} (see the server logs for more information).`
}

/** The segment screens of the app's own folders (they override the default ones). */
export const NOTE_NOT_FOUND_TEXT = 'This note could not be found.'
export const ACCOUNT_UNAUTHORIZED_TEXT = 'Sign in to see your account'
export const SCOPED_LAB_TEXTS = {
  404: 'Nothing by that name in the scoped lab',
  401: 'Sign in to use the scoped lab',
  403: 'The scoped lab is closed to you',
} as const

/** The demo accounts of src/routes/_data/auth.ts. */
export const ACCOUNTS = {
  member: { username: 'reader', password: 'reader-pass' },
  admin: { username: 'admin', password: 'admin-pass' },
} as const

/** Signs in through the /sign-in form; the browser context keeps the session cookie. */
export async function signIn(page: Page, account: { username: string; password: string }) {
  await page.goto('/sign-in')
  await page.getByLabel('Username').fill(account.username)
  await page.getByLabel('Password').fill(account.password)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.getByTestId('signed-in-as').waitFor()
}

/** The other origin the lab redirects to; tests answer it themselves (there is no network). */
export const EXTERNAL_URL = 'https://external.example/landing'
export const EXTERNAL_TEXT = 'External landing'

/**
 * Answers every request to https://external.example/ with a small page, and records them, so a
 * test can see how the browser went there (a document load, never a fetch).
 */
export async function serveExternalOrigin(
  context: BrowserContext,
): Promise<{ resourceTypes: () => string[] }> {
  const types: string[] = []
  await context.route('https://external.example/**', (route) => {
    types.push(route.request().resourceType())
    return route.fulfill({
      status: 200,
      contentType: 'text/html',
      body: `<!DOCTYPE html><title>External</title><h1>${EXTERNAL_TEXT}</h1>`,
    })
  })
  return { resourceTypes: () => [...types] }
}
