// Server functions with JavaScript (docs/security.md, docs/errors.md): a form submit or a call from a
// click handler is ONE POST that brings the return value and the re-rendered page (no document
// load, no payload GET); useActionState shows validation errors, useFormStatus shows the pending
// state, and a redirect() lands on its target with push semantics in the same response.
import type { Locator, Page, Request } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { CONTENT_TYPE_PAYLOAD, HEADER_ACTION_ID } from '../../src/framework/wire/protocol.ts'
import {
  collectPageErrors,
  gotoHydrated,
  historyLength,
  holdNextCall,
  isPayloadUrl,
  linkTo,
  payloadPathOf,
  RequestLog,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const TITLE_ERROR = 'Give the note a title.'
const TAGS_ERROR = 'Tags are words of letters, digits and dashes, separated by spaces or commas.'

/**
 * Since `requests` started, the page made exactly one POST, a server function call to
 * `pagePath`'s payload URL answered with a payload, and no other request for a page.
 */
async function expectOneCall(requests: RequestLog, pagePath: string): Promise<Request> {
  const posts = requests.posts()
  expect(posts.map((request) => new URL(request.url()).pathname)).toEqual([payloadPathOf(pagePath)])
  const post = posts[0]!
  await requests.whenEnded(post)
  expect(post.headers()[HEADER_ACTION_ID]).toMatch(/#/)
  const response = await post.response()
  expect(response?.status()).toBe(200)
  expect(response?.headers()['content-type']).toMatch(new RegExp(`^${CONTENT_TYPE_PAYLOAD}`))
  // No document load, and no payload GET of this page or any other (Link prefetches of the links
  // the page shows aside).
  expect(requests.documentPaths()).toEqual([])
  expect(requests.payloadGets().map((request) => request.url())).toEqual([])
  return post
}

type NoteField = 'title' | 'body' | 'tags'

/** A field of the note form (its label's text changes with the textarea's content). */
function field(page: Page, name: NoteField): Locator {
  return page.locator(`form.note-form [name="${name}"]`)
}

async function fillNoteForm(page: Page, values: Partial<Record<NoteField, string>>) {
  for (const [name, value] of Object.entries(values) as [NoteField, string][]) {
    await field(page, name).fill(value)
  }
}

describe('a form submit', () => {
  test('an inline "use server" function: one POST, and the page shows the new data', async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    await gotoHydrated(page, '/notes/3')
    expect(await page.locator('a[href="/tags/favourite"]').count()).toBe(0)
    const requests = RequestLog.start(page)

    await page.getByRole('button', { name: 'Mark favourite' }).click()
    await page.getByRole('button', { name: 'Unmark favourite' }).waitFor()
    await page.locator('a[href="/tags/favourite"]').waitFor()
    await expectOneCall(requests, '/notes/3')
    expect(new URL(page.url()).pathname).toBe('/notes/3')

    // Stored: a fresh load of the page shows it too.
    await gotoHydrated(page, '/notes/3')
    await page.getByRole('button', { name: 'Unmark favourite' }).waitFor()
    expect(errors).toEqual([])
  })

  test('useActionState shows the validation errors, keeps what was typed, and creates nothing', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes/new')
    const requests = RequestLog.start(page)

    await fillNoteForm(page, { title: '', body: 'Kept across the error', tags: 'bad tag!' })
    await page.getByRole('button', { name: 'Create note' }).click()
    await page.getByRole('alert').filter({ hasText: TITLE_ERROR }).waitFor()
    expect(await page.getByRole('alert').allTextContents()).toEqual([TITLE_ERROR, TAGS_ERROR])
    expect(await field(page, 'title').getAttribute('aria-invalid')).toBe('true')
    expect(await field(page, 'body').inputValue()).toBe('Kept across the error')
    expect(await field(page, 'tags').inputValue()).toBe('bad tag!')
    expect(new URL(page.url()).pathname).toBe('/notes/new')
    await expectOneCall(requests, '/notes/new')

    // The next submit gets the new state: the title error is gone, the tags error stays.
    requests.clear()
    await fillNoteForm(page, { title: 'Still bad tags' })
    await page.getByRole('button', { name: 'Create note' }).click()
    await page.getByRole('alert').filter({ hasText: TITLE_ERROR }).waitFor({ state: 'detached' })
    expect(await page.getByRole('alert').allTextContents()).toEqual([TAGS_ERROR])
    await expectOneCall(requests, '/notes/new')

    const list = await (await fetch(`${app.url}/notes`)).text()
    expect(list).not.toContain('Still bad tags')
  })

  test('useFormStatus shows "Saving…" on the disabled button while the function runs', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes/new')
    const hold = await holdNextCall(page, '/notes/new')

    await fillNoteForm(page, { title: '' })
    await page.getByRole('button', { name: 'Create note' }).click()
    await hold.arrived
    const saving = page.getByRole('button', { name: 'Saving…' })
    await saving.waitFor()
    expect(await saving.isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Create note' }).count()).toBe(0)

    hold.release()
    await page.getByRole('alert').filter({ hasText: TITLE_ERROR }).waitFor()
    const button = page.getByRole('button', { name: 'Create note' })
    await button.waitFor()
    expect(await button.isEnabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Saving…' }).count()).toBe(0)
  })

  test('redirect() after create lands on the new note in the same response; Back returns to the form', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes')
    await linkTo(page, '/notes/new').click()
    await page.getByRole('heading', { level: 1, name: 'New note' }).waitFor()
    const requests = RequestLog.start(page)

    await fillNoteForm(page, {
      title: 'Written in the browser',
      body: 'Created by a server function.',
      tags: 'garden #Work',
    })
    await page.getByRole('button', { name: 'Create note' }).click()
    await page.waitForURL((url) => /^\/notes\/\d+$/.test(url.pathname))
    const path = new URL(page.url()).pathname
    const id = path.split('/').pop()!
    expect(Number(id)).toBeGreaterThan(50)
    await page.getByRole('heading', { level: 1, name: 'Written in the browser' }).waitFor()
    expect(await page.getByTestId('note-id').textContent()).toBe(`Note id: ${id}`)
    expect(await page.locator('.note-body').textContent()).toBe('Created by a server function.')
    expect(await page.locator('a[href="/tags/work"]').count()).toBe(1)
    // The target page came in the POST's answer: no payload GET for it.
    await expectOneCall(requests, '/notes/new')
    expect(requests.payloadFetches(path)).toEqual([])

    // push: the form is still in the history, and before it the list.
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'New note' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/notes/new')
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
    // The list shows the new note: revalidation made the client forget the list it had.
    await page.locator(`main a[href="${path}"]`).waitFor()
    expect(await page.locator(`main a[href="${path}"]`).textContent()).toBe(
      'Written in the browser',
    )
    expect(requests.documentPaths()).toEqual([])
  })

  test('an edit form (bound id) saves and redirects to the note, which shows the change', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes/4/edit')
    expect(await field(page, 'title').inputValue()).toBe('Note 4: recipes')
    const requests = RequestLog.start(page)

    await fillNoteForm(page, { title: 'Note 4, edited', tags: 'recipes edited' })
    await page.getByRole('button', { name: 'Save changes' }).click()
    await page.waitForURL((url) => url.pathname === '/notes/4')
    await page.getByRole('heading', { level: 1, name: 'Note 4, edited' }).waitFor()
    await page.locator('a[href="/tags/edited"]').waitFor()
    await expectOneCall(requests, '/notes/4/edit')
    expect(requests.payloadFetches('/notes/4')).toEqual([])
  })

  test('a form with a bound argument deletes the note and redirects to the list', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes/7')
    const entries = await historyLength(page)
    const requests = RequestLog.start(page)

    await page.getByRole('button', { name: 'Delete note' }).click()
    await page.waitForURL((url) => url.pathname === '/notes')
    // RedirectType.replace: the list took the deleted note's history entry.
    expect(await historyLength(page)).toBe(entries)
    await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
    expect(await page.locator('main a[href="/notes/7"]').count()).toBe(0)
    expect(await page.locator('main a[href="/notes/8"]').count()).toBe(1)
    await expectOneCall(requests, '/notes/7')
    // The list came with the POST's answer; no navigation fetched it. (A Link to /notes in
    // view may prefetch it meanwhile: that is not the redirect's doing.)
    expect(requests.payloads('/notes')).toEqual([])
  })
})

describe('a call from a click handler', () => {
  test('one POST brings the return value; the count persists', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/notes/5')
    await page.getByRole('button', { name: '♥ 0 likes' }).waitFor()
    const requests = RequestLog.start(page)

    await page.getByRole('button', { name: '♥ 0 likes' }).click()
    await page.getByRole('button', { name: '♥ 1 like', exact: true }).waitFor()
    const post = await expectOneCall(requests, '/notes/5')
    expect(post.headers()[HEADER_ACTION_ID]).toMatch(/#likeNoteAction$/)

    requests.clear()
    await page.getByRole('button', { name: '♥ 1 like', exact: true }).click()
    await page.getByRole('button', { name: '♥ 2 likes' }).waitFor()
    await expectOneCall(requests, '/notes/5')

    await gotoHydrated(page, '/notes/5')
    await page.getByRole('button', { name: '♥ 2 likes' }).waitFor()
  })

  test('a call the server does not know (another deployment) rejects with the server message', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    // As if the page came from an earlier build: the call names a function the server lacks.
    const staleId = 'feedface0000#interruptAction'
    await page.route(
      (url) => url.pathname === payloadPathOf('/lab/actions'),
      (route) =>
        route.request().method() === 'POST'
          ? route.continue({
              headers: { ...route.request().headers(), [HEADER_ACTION_ID]: staleId },
            })
          : route.continue(),
    )
    const answer = page.waitForResponse((response) => response.request().method() === 'POST')
    await page.getByRole('button', { name: 'Call none' }).click()
    const response = await answer
    expect(response.status()).toBe(404)
    expect(response.headers()['content-type']).toMatch(/^text\/plain/)
    const message = (await response.text()).trim()
    expect(message).toContain(staleId)
    expect(message).toMatch(/another deployment/)

    const result = page.getByTestId('result-none')
    await result.filter({ hasText: 'rejected:' }).waitFor()
    expect(await result.textContent()).toBe(`rejected: ${message}`)
  })

  test('a call that resolves shows its value', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    const requests = RequestLog.start(page)
    await page.getByRole('button', { name: 'Call none' }).click()
    await page.getByTestId('result-none').filter({ hasText: 'resolved:' }).waitFor()
    expect(await page.getByTestId('result-none').textContent()).toBe(
      'resolved: Nothing thrown for none.',
    )
    await expectOneCall(requests, '/lab/actions')
  })

  test('an error rejects the call without its message (production); the server logs it with a digest', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    await page.getByRole('button', { name: 'Call error' }).click()
    const result = page.getByTestId('result-error')
    await result.filter({ hasText: 'rejected:' }).waitFor()
    const text = (await result.textContent()) ?? ''
    expect(text).not.toContain('secret detail 42')
    // The server logged it once, with the digest that stands for it (the digest line and the
    // stack come in one write).
    await app.server.process.waitForLine(/^Error: The lab server function failed/)
    expect(app.server.process.log()).toMatch(
      /\[server error\] digest=\d+\nError: The lab server function failed \(secret detail 42\)/,
    )
  })

  test.each([
    ['not-found', 'This page could not be found.'],
    ['unauthorized', "You're not authorized to access this page."],
    ['forbidden', 'This page could not be accessed.'],
  ])('%s rejects the call and the page shows its fallback', async (kind, text) => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    const requests = RequestLog.start(page)
    // The fallback screen replaces the page and its button, so the lab logs how the call ended.
    const outcome = page.waitForEvent('console', (message) =>
      message.text().startsWith(`[lab] call ${kind} `),
    )
    await page.getByRole('button', { name: `Call ${kind}` }).click()
    // The call rejects (the caller sees it settle)…
    expect((await outcome).text()).toMatch(new RegExp(`^\\[lab\\] call ${kind} rejected: `))
    await expectOneCall(requests, '/lab/actions')
    // …and the page, re-rendered in the same answer, shows the fallback screen, URL kept.
    await page.getByText(text).first().waitFor()
    expect(new URL(page.url()).pathname).toBe('/lab/actions')
  })

  test('redirect() navigates to the target with push, in the same response', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    const requests = RequestLog.start(page)
    await page.getByRole('button', { name: 'Call redirect' }).click()
    await page.waitForURL((url) => url.pathname === '/about')
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
    const post = await expectOneCall(requests, '/lab/actions')
    // The header's link to /about may have been prefetched before the click; nothing fetched
    // /about after the call.
    const afterCall = requests.requests.slice(requests.requests.indexOf(post))
    expect(afterCall.filter((request) => isPayloadUrl(request.url(), '/about'))).toEqual([])

    await page.goBack()
    await page.getByRole('heading', { level: 1, name: 'Server function interrupts' }).waitFor()
    expect(requests.documentPaths()).toEqual([])
  })

  test('redirect() to another origin is a full-page load there; the POST is not replayed', async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/actions')
    const foreign: Request[] = []
    await page.route('https://external.example/**', (route) => {
      foreign.push(route.request())
      return route.fulfill({
        status: 200,
        contentType: 'text/html',
        body: '<!doctype html><title>Landing</title><h1>External landing</h1>',
      })
    })
    await page.getByRole('button', { name: 'Call external' }).click()
    await page.getByRole('heading', { level: 1, name: 'External landing' }).waitFor()
    expect(page.url()).toBe('https://external.example/landing')
    expect(foreign.map((request) => [request.method(), request.resourceType()])).toEqual([
      ['GET', 'document'],
    ])
  })
})
