// draftMode() (docs/caching.md, "Draft mode"): enable() in a route handler sets a cookie whose
// value is this build's secret; with it, a static page renders per request and is neither
// stored nor served from the static store; without it (or with a forged value) the page stays
// static. Fixtures: /lab/draft (a static page that shows isEnabled) and /lab/draft/mode?on=1|0,
// which are the admin's (docs/security.md, "The lab"): the tests sign in as the admin first.
import { beforeAll, expect, test } from 'vitest'
import { COOKIE_DRAFT_MODE } from '../../src/framework/wire/protocol.ts'
import {
  ACCOUNTS,
  setupProductionServerAndBrowser,
  signIn,
  signInOverHttp,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

/** The admin's `session=…` cookie. */
let admin = ''
beforeAll(async () => {
  admin = await signInOverHttp(app.url, ACCOUNTS.admin)
})

interface Seen {
  status: number
  etag: string | null
  cacheControl: string | null
  draft: string
  renderId: string
}

async function getDraftPage(cookie?: string): Promise<Seen> {
  const response = await fetch(`${app.url}/lab/draft`, cookie ? { headers: { cookie } } : {})
  const body = await response.text()
  const draft = body.match(/Draft mode: (on|off)/)?.[1]
  const renderId = body.match(/Render ([0-9a-f-]{36})/)?.[1]
  if (!draft || !renderId) throw new Error(`Not the draft page:\n${body.slice(0, 500)}`)
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    cacheControl: response.headers.get('cache-control'),
    draft,
    renderId,
  }
}

async function enableDraftMode(): Promise<string> {
  const response = await fetch(`${app.url}/lab/draft/mode?on=1`, { headers: { cookie: admin } })
  expect(await response.text()).toBe('Draft mode on\n')
  const setCookie = response.headers.getSetCookie().find((c) => c.startsWith(COOKIE_DRAFT_MODE))
  expect(setCookie).toMatch(/HttpOnly/i)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  return setCookie!.split(';')[0]!
}

test('with the draft cookie a static page renders per request; for everyone else it stays static', async () => {
  const everyone = await getDraftPage()
  expect(everyone).toMatchObject({ status: 200, draft: 'off' })
  expect(everyone.etag).toMatch(/"/)
  const cookie = await enableDraftMode()

  const draft1 = await getDraftPage(cookie)
  const draft2 = await getDraftPage(cookie)
  expect(draft1).toMatchObject({ status: 200, draft: 'on', etag: null })
  expect(draft1.cacheControl).toBe('private, no-store')
  expect(draft2.renderId).not.toBe(draft1.renderId)
  expect(draft1.renderId).not.toBe(everyone.renderId)

  // The draft renders were not stored: everyone still gets the page of the first render.
  const later = await getDraftPage()
  expect(later).toMatchObject({ draft: 'off', renderId: everyone.renderId, etag: everyone.etag })
})

test('a forged draft cookie does nothing', async () => {
  const everyone = await getDraftPage()
  for (const value of ['1', 'forged', '', 'x'.repeat(43)]) {
    const seen = await getDraftPage(`${COOKIE_DRAFT_MODE}=${value}`)
    expect(seen).toMatchObject({ draft: 'off', renderId: everyone.renderId })
  }
})

test('disable() clears the cookie', async () => {
  const response = await fetch(`${app.url}/lab/draft/mode?on=0`, {
    headers: { cookie: `${await enableDraftMode()}; ${admin}` },
  })
  expect(await response.text()).toBe('Draft mode off\n')
  const cleared = response.headers.getSetCookie().find((c) => c.startsWith(COOKIE_DRAFT_MODE))
  expect(cleared).toMatch(/Max-Age=0/i)
})

test('in the browser: draft mode on shows per-request renders, off shows the static page again', async () => {
  const page = await browser.newPage()
  await signIn(page, ACCOUNTS.admin)
  await page.goto('/lab/draft')
  await expect.poll(() => page.getByTestId('draft-mode').textContent()).toBe('Draft mode: off')
  const staticId = await page.getByTestId('render-id').textContent()

  await page.goto('/lab/draft/mode?on=1')
  await page.goto('/lab/draft')
  await expect.poll(() => page.getByTestId('draft-mode').textContent()).toBe('Draft mode: on')
  expect(await page.getByTestId('render-id').textContent()).not.toBe(staticId)

  await page.goto('/lab/draft/mode?on=0')
  await page.goto('/lab/draft')
  await expect.poll(() => page.getByTestId('draft-mode').textContent()).toBe('Draft mode: off')
  expect(await page.getByTestId('render-id').textContent()).toBe(staticId)
})

test('enable() in a server function: its answer sets the cookie, and the next render is a draft', async () => {
  const page = await browser.newPage()
  await signIn(page, ACCOUNTS.admin)
  await page.goto('/lab/draft')
  await expect.poll(() => page.getByTestId('draft-mode').textContent()).toBe('Draft mode: off')
  const answered = page.waitForResponse((response) => response.request().method() === 'POST')
  await page.getByRole('button', { name: 'Preview drafts' }).click()
  const setCookie = (await (await answered).headerValue('set-cookie')) ?? ''
  expect(setCookie).toContain(`${COOKIE_DRAFT_MODE}=`)
  await page.reload()
  await expect.poll(() => page.getByTestId('draft-mode').textContent()).toBe('Draft mode: on')
})
