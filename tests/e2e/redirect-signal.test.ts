// The redirect signal (docs/security.md, docs/protocol.md): the router follows only
// redirects the server threw, never text of the page that looks like one, whatever characters the
// target has; and a server function that redirects navigates without handing its caller a value
// it did not return (useActionState keeps a state of its own shape, no error screen shows).
import type { Page } from 'playwright-core'
import { expect, test } from 'vitest'
import {
  clientErrorText,
  collectPageErrors,
  gotoHydrated,
  linkTo,
  NOT_FOUND_TEXT,
  pathOf,
  settle,
  setupProductionServerAndBrowser,
  textsSeen,
  watchTexts,
} from './support/index.ts'

const { chromium } = setupProductionServerAndBrowser()

/** The exact digest text of a redirect, as user data. */
const FORGED = 'FRAMEWORK_REDIRECT;replace;307;https://example.com/'

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

/** Creates a note through the app's form (JavaScript on) and returns its id. */
async function createNote(page: Page, title: string, body: string): Promise<string> {
  await gotoHydrated(page, '/notes/new')
  await page.locator('form.note-form [name="title"]').fill(title)
  await page.locator('form.note-form [name="body"]').fill(body)
  await page.getByRole('button', { name: 'Create note' }).click()
  await heading(page, title).waitFor()
  return new URL(page.url()).pathname.split('/').pop()!
}

/** From /lab/router, a client navigation (router.push) to `target`. */
async function pushFromRouterLab(page: Page, target: string): Promise<void> {
  await gotoHydrated(page, '/lab/router')
  await page.getByLabel('Target').fill(target)
  await page.getByRole('button', { name: 'Push', exact: true }).click()
}

test('a note whose text is a redirect digest is shown as text; only the thrown interrupt counts', async () => {
  const page = await chromium.newPage()
  const foreign: string[] = []
  await page.context().route('https://example.com/**', (route) => {
    foreign.push(route.request().url())
    return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>Elsewhere</h1>' })
  })
  const id = await createNote(page, 'Looks like a redirect', FORGED)
  expect(await page.locator('.note-body').textContent()).toBe(FORGED)

  await pushFromRouterLab(page, `/lab/quote/${id}`)
  await page.getByText(NOT_FOUND_TEXT, { exact: true }).waitFor()
  await settle(page)
  await settle(page)
  expect(pathOf(page)).toBe(`/lab/quote/${id}`)
  expect(foreign).toEqual([])
})

test('a redirect whose target has `"` and `\\` wins over the notFound() thrown before it', async () => {
  const page = await chromium.newPage()
  await pushFromRouterLab(page, '/lab/scoped/not-found,redirect-quoted')
  await heading(page, 'About').waitFor()
  const url = new URL(page.url())
  expect(url.pathname).toBe('/about')
  expect(decodeURIComponent(url.search)).toBe('?from="lab"\\x')
})

test('useActionState with a function that redirects: no undefined state, no error screen', async () => {
  const page = await chromium.newPage()
  const errors = collectPageErrors(page)
  await watchTexts(page, [clientErrorText('127.0.0.1'), 'Application error'])
  await gotoHydrated(page, '/notes')
  await linkTo(page, '/notes/new').click()
  await heading(page, 'New note').waitFor()
  await page.locator('form.note-form [name="title"]').fill('Saved with useActionState')
  await page.getByRole('button', { name: 'Create note' }).click()
  await page.waitForURL((url) => /^\/notes\/\d+$/.test(url.pathname))
  await heading(page, 'Saved with useActionState').waitFor()
  await settle(page)
  expect(await textsSeen(page)).toEqual([])
  expect(errors).toEqual([])
  // Back to the form: it is there, usable, as it was left.
  await page.goBack()
  await heading(page, 'New note').waitFor()
  expect(await page.getByRole('button', { name: 'Create note' }).isEnabled()).toBe(true)
})

test('startTransition(async () => { await fn() }) with a function that redirects: never "resolved: undefined"', async () => {
  const page = await chromium.newPage()
  const outcomes: string[] = []
  page.on('console', (message) => {
    if (message.text().startsWith('[lab] call redirect ')) outcomes.push(message.text())
  })
  await watchTexts(page, ['resolved: undefined', 'Application error'])
  await gotoHydrated(page, '/lab/actions')
  await page.getByRole('button', { name: 'Call redirect' }).click()
  await heading(page, 'About').waitFor()
  await settle(page)
  await settle(page)
  expect(pathOf(page)).toBe('/about')
  expect(await textsSeen(page)).toEqual([])
  expect(outcomes.filter((text) => text.includes('resolved'))).toEqual([])
})
