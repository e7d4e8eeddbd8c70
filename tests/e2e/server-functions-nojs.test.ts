// Server functions without JavaScript, and before hydration (docs/security.md, docs/errors.md): a
// form posts React's form encoding to the page URL and gets the re-rendered HTML page back; a
// redirect() is a 303; useActionState's state renders on the server and carries over into
// hydration.
import type { Page, Response, Route } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { HEADER_ACTION_ID, PAYLOAD_SUFFIX } from '../../src/framework/wire/protocol.ts'
import {
  collectPageErrors,
  RequestLog,
  setupProductionServerAndBrowser,
  waitForHydration,
  waitForLoggedError,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const TITLE_ERROR = 'Give the note a title.'
const TAGS_ERROR = 'Tags are words of letters, digits and dashes, separated by spaces or commas.'

type NoteField = 'title' | 'body' | 'tags'

function field(page: Page, name: NoteField) {
  return page.locator(`form.note-form [name="${name}"]`)
}

async function fillNoteForm(page: Page, values: Partial<Record<NoteField, string>>) {
  for (const [name, value] of Object.entries(values) as [NoteField, string][]) {
    await field(page, name).fill(value)
  }
}

/** Clicks a submit button and resolves with the answer to the form's POST. */
async function submit(page: Page, button: string): Promise<Response> {
  const [response] = await Promise.all([
    page.waitForResponse((response) => response.request().method() === 'POST'),
    page.getByRole('button', { name: button }).click(),
  ])
  return response
}

describe('with JavaScript disabled', () => {
  test('create: the form posts to the page URL, a 303 leads to the new note', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/notes/new')
    await fillNoteForm(page, {
      title: 'Written without JavaScript',
      body: 'Posted as a plain form.',
      tags: 'reading',
    })
    const response = await submit(page, 'Create note')

    const post = response.request()
    expect(new URL(post.url()).pathname).toBe('/notes/new')
    expect(post.headers()[HEADER_ACTION_ID]).toBeUndefined()
    expect(post.headers()['content-type']).toMatch(/^multipart\/form-data/)
    expect(post.postData()).toContain('$ACTION_')
    expect(response.status()).toBe(303)
    const location = response.headers().location ?? ''
    expect(location).toMatch(/^\/notes\/\d+$/)

    await page.waitForURL((url) => url.pathname === location)
    await page.getByRole('heading', { level: 1, name: 'Written without JavaScript' }).waitFor()
    expect(await page.locator('.note-body').textContent()).toBe('Posted as a plain form.')
    // The result is a GET of the new page: reloading it does not post again.
    const reload = await page.reload()
    expect(reload?.request().method()).toBe('GET')
    // Stored once: the list shows it once.
    await page.goto('/notes')
    expect(await page.locator('main a', { hasText: 'Written without JavaScript' }).count()).toBe(1)
  })

  test('useActionState: the errors and the typed values render in the HTML answer', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/notes/new')
    await fillNoteForm(page, { title: '', body: 'Typed without JavaScript', tags: 'no good!' })
    const response = await submit(page, 'Create note')

    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    expect(new URL(page.url()).pathname).toBe('/notes/new')
    await page.getByRole('alert').first().waitFor()
    expect(await page.getByRole('alert').allTextContents()).toEqual([TITLE_ERROR, TAGS_ERROR])
    expect(await field(page, 'title').getAttribute('aria-invalid')).toBe('true')
    expect(await field(page, 'body').inputValue()).toBe('Typed without JavaScript')
    expect(await field(page, 'tags').inputValue()).toBe('no good!')

    // The form still works from the answer: fixing the title leaves only the tags error.
    await fillNoteForm(page, { title: 'Fixed title' })
    const second = await submit(page, 'Create note')
    expect(second.status()).toBe(200)
    await page.getByRole('alert').first().waitFor()
    expect(await page.getByRole('alert').allTextContents()).toEqual([TAGS_ERROR])
    expect(await field(page, 'title').inputValue()).toBe('Fixed title')
  })

  test('an inline "use server" function re-renders the page it was posted from', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/notes/12')
    const response = await submit(page, 'Mark favourite')
    expect(response.status()).toBe(200)
    expect(new URL(page.url()).pathname).toBe('/notes/12')
    await page.getByRole('button', { name: 'Unmark favourite' }).waitFor()
    expect(await page.locator('a[href="/tags/favourite"]').count()).toBe(1)
  })

  test('a form with a bound argument deletes the note: 303 to the list, which lacks it', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/notes/13')
    const response = await submit(page, 'Delete note')
    expect(response.status()).toBe(303)
    expect(response.headers().location).toBe('/notes')
    await page.waitForURL((url) => url.pathname === '/notes')
    await page.getByRole('heading', { level: 1, name: 'All notes' }).waitFor()
    expect(await page.locator('main a[href="/notes/13"]').count()).toBe(0)
    expect(await page.locator('main a[href="/notes/14"]').count()).toBe(1)
  })

  test.each([
    ['redirect', 303, '/about'],
    ['permanent-redirect', 303, '/about'],
    ['external', 303, 'https://external.example/landing'],
  ])('a function that throws %s answers %i with Location %s', async (kind, status, location) => {
    const response = await fetchLabForm(kind)
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe(location)
  })

  test.each([
    ['not-found', 404, 'This page could not be found.'],
    ['unauthorized', 401, "You're not authorized to access this page."],
    ['forbidden', 403, 'This page could not be accessed.'],
  ])('a function that throws %s answers the %i page', async (kind, status, text) => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/lab/actions')
    const response = await submit(page, `Submit ${kind}`)
    expect(response.status()).toBe(status)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    await page.getByText(text).first().waitFor()
  })

  test('a function that throws an error answers 500 with the error screen and the digest, not the message', async () => {
    const response = await fetchLabForm('error')
    expect(response.status).toBe(500)
    expect(response.headers.get('content-type')).toMatch(/^text\/html/)
    const text = await response.text()
    expect(text).not.toContain('secret detail 42')
    // /lab/actions has no error.tsx above it: the server-side global error screen.
    expect(text).toContain('Application error: a server-side exception has occurred while loading')
    const digest = text.match(/Digest: (\d+)/)?.[1]
    expect(digest, text).toBeDefined()
    await waitForLoggedError(app.server.process, digest!)
  })

  test('a function that returns renders the page again (200)', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/lab/actions')
    const response = await submit(page, 'Submit none')
    expect(response.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Server function interrupts' }).waitFor()
  })
})

/** Posts the lab's no-JS form for `kind` the way the browser would, without following. */
async function fetchLabForm(kind: string): Promise<globalThis.Response> {
  const html = await (await fetch(`${app.url}/lab/actions`)).text()
  const id = html.match(/name="\$ACTION_ID_([^"]+)"/)?.[1]
  if (!id) throw new Error('The lab page has no no-JS server function form.')
  const body = new FormData()
  body.append(`$ACTION_ID_${id}`, '')
  body.append('kind', kind)
  return fetch(`${app.url}/lab/actions`, { method: 'POST', body, redirect: 'manual' })
}

describe('before hydration', () => {
  /** Holds every request for the app's scripts until `release()`; from then on lets them by. */
  async function holdScripts(page: Page) {
    const held: Route[] = []
    let released = false
    await page.route('**/assets/*.js', (route) => {
      if (released) return route.continue()
      held.push(route)
    })
    return {
      held,
      async release() {
        released = true
        // Requests of a document that has since been replaced were cancelled: nothing to resume.
        await Promise.all(held.splice(0).map((route) => route.continue().catch(() => undefined)))
      },
    }
  }

  test('a form submitted before the scripts load posts natively; its state carries over into hydration', async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    const scripts = await holdScripts(page)
    await page.goto('/notes/new', { waitUntil: 'domcontentloaded' })
    await page.waitForFunction(() => document.querySelector('form.note-form') !== null)
    expect(scripts.held.length).toBeGreaterThan(0) // the page is not interactive yet

    await fillNoteForm(page, { title: '', body: 'Typed before hydration', tags: 'bad tag!' })
    const [response] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'POST'),
      page.getByRole('button', { name: 'Create note' }).click(),
    ])
    // A native form post: the page URL, React's form encoding, an HTML answer.
    expect(new URL(response.url()).pathname).toBe('/notes/new')
    expect(response.request().headers()[HEADER_ACTION_ID]).toBeUndefined()
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/html/)
    await page.waitForLoadState('domcontentloaded')

    // Server-rendered errors, still without the scripts.
    await page.getByRole('alert').first().waitFor()
    expect(await page.getByRole('alert').allTextContents()).toEqual([TITLE_ERROR, TAGS_ERROR])
    expect(await field(page, 'body').inputValue()).toBe('Typed before hydration')
    const hydrated = await page.evaluate(() => {
      const form = document.querySelector('form.note-form')
      return form !== null && Object.keys(form).some((key) => key.startsWith('__reactProps$'))
    })
    expect(hydrated).toBe(false)

    // The scripts arrive: the page hydrates with the same state, errors still shown.
    await scripts.release()
    await waitForHydration(page, 'form.note-form')
    expect(await page.getByRole('alert').allTextContents()).toEqual([TITLE_ERROR, TAGS_ERROR])
    expect(await field(page, 'body').inputValue()).toBe('Typed before hydration')
    expect(await field(page, 'tags').inputValue()).toBe('bad tag!')

    // And it works: the next submit is one server function call (no document load), and the
    // state continues from the carried-over one.
    const requests = RequestLog.start(page)
    await fillNoteForm(page, { title: 'Hydrated now' })
    await page.getByRole('button', { name: 'Create note' }).click()
    await page.getByRole('alert').filter({ hasText: TITLE_ERROR }).waitFor({ state: 'detached' })
    expect(await page.getByRole('alert').allTextContents()).toEqual([TAGS_ERROR])
    const posts = requests.posts()
    expect(posts.map((request) => new URL(request.url()).pathname)).toEqual([
      `/notes/new${PAYLOAD_SUFFIX}`,
    ])
    expect(posts[0]!.headers()[HEADER_ACTION_ID]).toMatch(/#createNoteAction$/)
    expect(requests.documentPaths()).toEqual([])

    // A valid submit now redirects on the client to the new note.
    await fillNoteForm(page, { tags: 'good-tag' })
    await page.getByRole('button', { name: 'Create note' }).click()
    await page.waitForURL((url) => /^\/notes\/\d+$/.test(url.pathname))
    await page.getByRole('heading', { level: 1, name: 'Hydrated now' }).waitFor()
    expect(requests.documentPaths()).toEqual([])
    expect(errors).toEqual([])
  })
})
