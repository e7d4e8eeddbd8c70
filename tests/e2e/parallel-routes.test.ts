// Parallel routes (docs/routing.md, "Parallel routes"). Fixtures: src/routes/(lab)/lab/slots
// (a layout with an `@side` slot that has pages for some URLs, one of them only the slot
// answers, a default.tsx on each side, and the slot's own loading, error and not-found screens)
// and src/routes/(lab)/lab/strict (an `@side` slot with no default.tsx).
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  clickLink,
  gotoHydrated,
  linkTo,
  scrollY,
  send,
  settle,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

const main = (page: Page) => page.getByRole('region', { name: 'Main' })
const side = (page: Page) => page.getByRole('complementary', { name: 'Side' })
/** A slot streams behind its loading.tsx: its text is read until it shows (or 10 s pass). */
const SHOWN = { timeout: 10_000 }

test('each slot shows its own page for the URL; the slot folder makes no URL segment', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots/a')
  await expect.poll(() => main(page).textContent(), SHOWN).toBe('Main: a')
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: a Side clicks: 0')
  expect((await send(`${app.url}/lab/slots/@side/a`)).status).toBe(404)
})

test('a client navigation the slot does not match keeps its state; a reload shows its default', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots/a')
  await side(page).getByRole('button', { name: 'Side clicks: 0' }).click()
  await side(page).getByRole('button', { name: 'Side clicks: 1' }).waitFor()
  await clickLink(page, '/lab/slots/b')
  await main(page).getByText('Main: b').waitFor()
  // Kept as it was, client state included.
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: a Side clicks: 1')

  await page.reload()
  await main(page).getByText('Main: b').waitFor()
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: default')
})

test('a client navigation the slot matches shows its page again', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots/b')
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: default')
  await clickLink(page, '/lab/slots')
  await side(page).getByText('Side: home').waitFor()
  await expect.poll(() => main(page).textContent(), SHOWN).toBe('Main: home')
})

test('a URL only the slot answers keeps the main part and the scroll position; a new main page scrolls to the top', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots')
  // A page long enough to scroll; the links are clicked where they are, without scrolling.
  await page.evaluate(() => {
    document.documentElement.style.minHeight = '5000px'
    window.scrollTo(0, 1000)
  })
  await settle(page)
  expect(await scrollY(page)).toBe(1000)
  await linkTo(page, '/lab/slots/only').evaluate((link: HTMLElement) => link.click())
  await page.waitForURL((url) => url.pathname === '/lab/slots/only')
  await side(page).getByText('Side: only').waitFor()
  expect(await main(page).textContent()).toBe('Main: home')
  await settle(page)
  expect(await scrollY(page)).toBe(1000)

  await linkTo(page, '/lab/slots/b').evaluate((link: HTMLElement) => link.click())
  await main(page).getByText('Main: b').waitFor()
  await settle(page)
  expect(await scrollY(page)).toBe(0)

  // A document load of it: the main part's default.tsx.
  await page.goto('/lab/slots/only')
  await main(page).getByText('Main: default').waitFor()
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: only')
})

test('without default.tsx, a document of a URL the slot does not match is a 404; a client navigation keeps the slot', async () => {
  expect((await send(`${app.url}/lab/strict`)).status).toBe(200)
  expect((await send(`${app.url}/lab/strict/x`)).status).toBe(404)

  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/strict')
  await clickLink(page, '/lab/strict/x')
  await main(page).getByText('Main: strict x').waitFor()
  await expect.poll(() => side(page).textContent(), SHOWN).toBe('Side: strict home')
})

test('a slot’s error.tsx catches what its page throws; the main content stays', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots')
  await clickLink(page, '/lab/slots/boom')
  await side(page).getByText('The side failed.').waitFor()
  await expect.poll(() => main(page).textContent(), SHOWN).toBe('Main: boom')
})

test('a slot’s not-found.tsx shows for notFound() in its page', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/lab/slots')
  await clickLink(page, '/lab/slots/missing')
  await side(page).getByText('Nothing on the side.').waitFor()
  await expect.poll(() => main(page).textContent(), SHOWN).toBe('Main: missing')
})

test('a slot’s loading.tsx shows while only that slot streams', async () => {
  const response = await send(`${app.url}/lab/slots/slow`, { headers: { accept: 'text/html' } })
  expect(response.status).toBe(200)
  // The shell had the main content and the slot's loading screen; the slot's page came later.
  const loading = response.body.indexOf('<p>Side loading…</p>')
  expect(response.body.indexOf('<p>Main: slow</p>')).toBeGreaterThan(0)
  expect(loading).toBeGreaterThan(response.body.indexOf('<p>Main: slow</p>'))
  expect(response.body.indexOf('<p>Side: slow</p>')).toBeGreaterThan(loading)
})
