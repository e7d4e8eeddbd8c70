// template.tsx (docs/routing.md, "Templates"): like a layout, but a new instance for each child
// segment below it, so its client state starts again on a navigation to another child, while a
// layout's is kept. Fixture: src/routes/notes/template.tsx (a per-visit click count) under the
// root layout's Counter.
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  clickCounter,
  clickLink,
  gotoHydrated,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { chromium: browser } = setupProductionServerAndBrowser()

const visitButton = (page: Page, clicks: string) =>
  page.getByRole('button', { name: `This visit: ${clicks}`, exact: true })

test("a template's state starts again on each navigation; the layout's is kept", async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/notes')
  await visitButton(page, '0 clicks').click()
  await visitButton(page, '1 click').click()
  await visitButton(page, '2 clicks').waitFor()
  await clickCounter(page, 'Clicked 1 time')

  await clickLink(page, '/notes/new')
  await page.getByRole('heading', { name: 'New note' }).waitFor()
  await visitButton(page, '0 clicks').waitFor()
  expect(await page.getByRole('button', { name: 'Clicked 1 time' }).count()).toBe(1)

  await visitButton(page, '0 clicks').click()
  await clickLink(page, '/notes')
  await visitButton(page, '0 clicks').waitFor()
  expect(await page.getByRole('button', { name: 'Clicked 1 time' }).count()).toBe(1)
})

test('a navigation deeper within the same child keeps the template; another child remounts it', async () => {
  const page = await browser.newPage()
  // A document load of the note: the full page (a dialog only opens from the list).
  await gotoHydrated(page, '/notes/1')
  await visitButton(page, '0 clicks').click()
  await clickLink(page, '/notes/1/edit')
  await page.waitForURL((url) => url.pathname === '/notes/1/edit')
  await visitButton(page, '1 click').waitFor()
  await clickLink(page, '/notes')
  await visitButton(page, '0 clicks').waitFor()
})

test('a note opened in the dialog leaves the list, and its template, as they were', async () => {
  const page = await browser.newPage()
  await gotoHydrated(page, '/notes')
  await visitButton(page, '0 clicks').click()
  await clickLink(page, '/notes/3')
  await page.getByRole('dialog').waitFor()
  expect(await visitButton(page, '1 click').count()).toBe(1)
})
