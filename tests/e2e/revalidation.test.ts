// Server functions that revalidate (docs/caching.md): the notes are read through
// cached() with the tag `notes`, and every notes server function calls revalidateTag('notes').
// Its response says so (x-rsc-revalidated), and the client forgets the pages it kept: what the
// user sees next (a link, Back, a page prefetched before the change) shows the new data.
import type { Page, Request, Response } from 'playwright-core'
import { expect, test } from 'vitest'
import { HEADER_ACTION_ID, HEADER_REVALIDATED } from '../../src/framework/wire/protocol.ts'
import {
  clickLink,
  gotoHydrated,
  linkTo,
  type RequestLog,
  setupProductionServerAndBrowser,
  whenPrefetched,
} from './support/index.ts'

// The tests change notes: each file's server starts from the seeded 50 notes.
const { chromium } = setupProductionServerAndBrowser()

const heading = (page: Page, name: string) =>
  page.getByRole('heading', { level: 1, name, exact: true })

/** The response to the next server function call the page makes. */
function nextServerFunctionResponse(page: Page): Promise<Response> {
  return page.waitForResponse(
    (response) =>
      response.request().method() === 'POST' &&
      response.request().headers()[HEADER_ACTION_ID] !== undefined,
  )
}

/**
 * The GET requests for `path`'s payload (navigations and prefetches); a server function's POST
 * goes to the payload URL of the page it was called from, and is not one of them.
 */
function payloadGets(requests: RequestLog, path: string): Request[] {
  return requests.payloadFetches(path).filter((request) => request.method() === 'GET')
}

/** The links of the /notes listing or of Home's recent notes, as their texts. */
function noteLinks(page: Page): Promise<string[]> {
  return page.locator('main li a[href^="/notes/"]').allTextContents()
}

test('after creating a note, Back to /notes and Home shows it, not the listing seen before', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  const title = 'Note 51: revalidated'
  await gotoHydrated(page, '/')
  expect(await noteLinks(page)).not.toContain(title)
  await clickLink(page, '/notes')
  await heading(page, 'All notes').waitFor()
  expect(await noteLinks(page)).toHaveLength(50)
  await clickLink(page, '/notes/new')
  await heading(page, 'New note').waitFor()
  const notesFetches = payloadGets(requests, '/notes').length

  await page.getByLabel('Title').fill(title)
  await page
    .getByRole('textbox', { name: 'Note', exact: true })
    .fill('Created by the revalidation test.')
  const answered = nextServerFunctionResponse(page)
  await page.getByRole('button', { name: 'Create note' }).click()
  expect((await answered).headers()[HEADER_REVALIDATED]).toBe('1')
  await heading(page, title).waitFor()
  expect(new URL(page.url()).pathname).toBe('/notes/51')

  // Back to the new-note form, then to the listing as it was before the note existed: the
  // router does not show the page it kept, but one fetched after the change (by the Back, or by
  // a prefetch of the new note's "Back to all notes" link).
  await page.goBack()
  await heading(page, 'New note').waitFor()
  await page.goBack()
  await heading(page, 'All notes').waitFor()
  await linkTo(page, '/notes/51').waitFor()
  expect(await noteLinks(page)).toHaveLength(51)
  expect(await noteLinks(page)).toContain(title)
  // Fetched again after the change (the content above is the proof it is fresh). Under a slow
  // server a prefetch made with another router state is not shared, so this may be 2 fetches.
  expect(payloadGets(requests, '/notes').length).toBeGreaterThanOrEqual(notesFetches + 1)

  // And Home, first shown before the change, lists it among the recent notes.
  await page.goBack()
  await heading(page, 'Notebook').waitFor()
  await linkTo(page, '/notes/51').waitFor()
  expect((await noteLinks(page))[0]).toBe(title)
  expect(requests.documentPaths()).toEqual(['/'])
})

test('after editing a note, the /notes payload prefetched before the change is not reused', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  const oldTitle = 'Note 49: garden'
  const newTitle = 'Note 49: garden, edited'
  await gotoHydrated(page, '/')
  // Home's header links to /notes and its recent notes link to /notes/49: both prefetched.
  await whenPrefetched(page, requests, '/notes')
  await whenPrefetched(page, requests, '/notes/49')

  await clickLink(page, '/notes/49')
  await heading(page, oldTitle).waitFor()
  const fetchedBefore = payloadGets(requests, '/notes')
  expect(fetchedBefore).toHaveLength(1) // the prefetch
  await clickLink(page, '/notes/49/edit')
  await heading(page, 'Edit note').waitFor()
  await page.getByLabel('Title').fill(newTitle)
  const answered = nextServerFunctionResponse(page)
  await page.getByRole('button', { name: 'Save changes' }).click()
  expect((await answered).headers()[HEADER_REVALIDATED]).toBe('1')
  await heading(page, newTitle).waitFor()

  // The listing: fetched anew (by the click, or by a prefetch of a link shown after the change),
  // with the new title.
  await clickLink(page, '/notes')
  await heading(page, 'All notes').waitFor()
  expect(payloadGets(requests, '/notes')).toHaveLength(fetchedBefore.length + 1)
  const titles = await noteLinks(page)
  expect(titles).toContain(newTitle)
  expect(titles).not.toContain(oldTitle)

  // Back through the note's pages to Home: none shows the old title.
  await page.goBack() // /notes/49 (after the save)
  await heading(page, newTitle).waitFor()
  await page.goBack() // the edit form
  await heading(page, 'Edit note').waitFor()
  expect(await page.getByLabel('Title').inputValue()).toBe(newTitle)
  await page.goBack() // /notes/49 as first shown, before the change
  await heading(page, newTitle).waitFor()
  await page.goBack() // Home
  await heading(page, 'Notebook').waitFor()
  await linkTo(page, '/notes/49').filter({ hasText: newTitle }).waitFor()
  expect(await page.getByText(oldTitle, { exact: true }).count()).toBe(0)
  expect(requests.documentPaths()).toEqual(['/'])
})

test('after liking a note from a click handler, visiting it again and Back show the new count', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  // From the tag's listing: from the notes list, the note opens in a dialog (docs/routing.md).
  await gotoHydrated(page, '/tags/travel')
  await whenPrefetched(page, requests, '/notes/3')
  await clickLink(page, '/notes/3')
  await heading(page, 'Note 3: travel').waitFor()
  const like = page.getByRole('button', { name: /♥/ })
  expect(await like.textContent()).toBe('♥ 0 likes')

  const answered = nextServerFunctionResponse(page)
  await like.click()
  expect((await answered).headers()[HEADER_REVALIDATED]).toBe('1')
  await page.getByRole('button', { name: '♥ 1 like' }).waitFor()

  // Away and back by a link: the note's payload prefetched before the like is not reused.
  await clickLink(page, '/tags/travel')
  await heading(page, 'Notes tagged #travel').waitFor()
  await clickLink(page, '/notes/3')
  await heading(page, 'Note 3: travel').waitFor()
  expect(await like.textContent()).toBe('♥ 1 like')
  expect(payloadGets(requests, '/notes/3')).toHaveLength(2)

  // Back and Back again to the note as it was shown when the like was made.
  await page.goBack()
  await heading(page, 'Notes tagged #travel').waitFor()
  await page.goBack()
  await heading(page, 'Note 3: travel').waitFor()
  expect(await like.textContent()).toBe('♥ 1 like')
  expect(requests.documentPaths()).toEqual(['/tags/travel'])
})

test('marking a note favourite (an inline server function) shows at once, and in the #favourite listing', async () => {
  const { page, requests } = await chromium.newPageWithRequestLog()
  await gotoHydrated(page, '/tags/favourite')
  await heading(page, 'Notes tagged #favourite').waitFor()
  expect(await noteLinks(page)).not.toContain('Note 4: recipes')

  // By the tags, not the notes list: from the list, the note opens in a dialog (docs/routing.md).
  await clickLink(page, '/tags')
  await heading(page, 'All tags').waitFor()
  await clickLink(page, '/tags/recipes')
  await heading(page, 'Notes tagged #recipes').waitFor()
  await clickLink(page, '/notes/4')
  await heading(page, 'Note 4: recipes').waitFor()
  const answered = nextServerFunctionResponse(page)
  await page.getByRole('button', { name: 'Mark favourite', exact: true }).click()
  expect((await answered).headers()[HEADER_REVALIDATED]).toBe('1')
  await page.getByRole('button', { name: 'Unmark favourite', exact: true }).waitFor()
  await linkTo(page, '/tags/favourite').waitFor()

  // Back to the #favourite listing seen before the change: the note is in it now.
  await page.goBack()
  await heading(page, 'Notes tagged #recipes').waitFor()
  await page.goBack()
  await heading(page, 'All tags').waitFor()
  await page.goBack()
  await heading(page, 'Notes tagged #favourite').waitFor()
  await linkTo(page, '/notes/4').waitFor()
  expect(await noteLinks(page)).toContain('Note 4: recipes')
  expect(requests.documentPaths()).toEqual(['/tags/favourite'])
})
