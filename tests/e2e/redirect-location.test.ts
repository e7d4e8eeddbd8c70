// redirect() to a URL with non-ASCII characters (docs/errors.md): every answer that carries a
// Location header sends it percent-encoded, as HTTP requires, whether the redirect was thrown by
// a page, by a server function posted as a form without JavaScript, or by a route handler.
// And a redirect to a path never leaves the site (docs/security.md, "What holds at the edge"):
// `/\evil.example/` and `/\t/evil.example/`, which URL parsers read as `//evil.example/`, end on
// the app's own origin on a document load, a client navigation and a server function call.
// A `javascript:` target never runs: the router refuses it, wherever the redirect came from.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  collectConsoleErrors,
  gotoHydrated,
  NOT_FOUND_TEXT,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

/** The lab's UNICODE_REDIRECT_TARGET, `/lab/echo?q=café 漢字`, as it goes on the wire. */
const ENCODED_TARGET = '/lab/echo?q=caf%C3%A9%20%E6%BC%A2%E5%AD%97'

test('a page that redirects answers 307 with the Location percent-encoded', async () => {
  const response = await fetch(`${app.url}/lab/interrupt/unicode-redirect`, { redirect: 'manual' })
  expect(response.status).toBe(307)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('a route handler that redirects answers 307 with the Location percent-encoded', async () => {
  const response = await fetch(`${app.url}/lab/handler/unicode-redirect`, { redirect: 'manual' })
  expect(response.status).toBe(307)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('a form post whose server function redirects answers 303 with the Location percent-encoded', async () => {
  const html = await (await fetch(`${app.url}/lab/actions`)).text()
  const id = html.match(/name="\$ACTION_ID_([^"]+)"/)?.[1]
  expect(id, 'the lab page has a no-JS server function form').toBeDefined()
  const body = new FormData()
  body.append(`$ACTION_ID_${id}`, '')
  body.append('kind', 'unicode-redirect')
  const response = await fetch(`${app.url}/lab/actions`, {
    method: 'POST',
    body,
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  expect(response.headers.get('location')).toBe(ENCODED_TARGET)
})

test('following the redirect reaches the target with its query intact', async () => {
  const response = await fetch(`${app.url}/lab/interrupt/unicode-redirect`)
  expect(response.status).toBe(200)
  expect(new URL(response.url).searchParams.get('q')).toBe('café 漢字')
})

/** The lab's redirects to paths that parse as another host, and their safe Location. */
const OFF_SITE_KINDS = [
  { kind: 'backslash-redirect', location: '/%5Cevil.example/' },
  { kind: 'tab-redirect', location: '/%09/evil.example/' },
]

/** The lab's no-JS form post for `kind` on /lab/actions. */
async function postForm(kind: string): Promise<Response> {
  const html = await (await fetch(`${app.url}/lab/actions`)).text()
  const id = html.match(/name="\$ACTION_ID_([^"]+)"/)?.[1]
  const body = new FormData()
  body.append(`$ACTION_ID_${id}`, '')
  body.append('kind', kind)
  return fetch(`${app.url}/lab/actions`, { method: 'POST', body, redirect: 'manual' })
}

describe('a redirect to a path stays on the site', () => {
  test('its Location from a page, a route handler and a form post is a path', async () => {
    for (const { kind, location } of OFF_SITE_KINDS) {
      for (const path of [`/lab/interrupt/${kind}`, `/lab/handler/${kind}`]) {
        const response = await fetch(app.url + path, { redirect: 'manual' })
        expect(response.status, path).toBe(307)
        expect(response.headers.get('location'), path).toBe(location)
      }
      const form = await postForm(kind)
      expect(form.status, kind).toBe(303)
      expect(form.headers.get('location'), kind).toBe(location)
    }
  })

  /**
   * A page that records any request to evil.example (answered by the test, never the network)
   * and waits, after `act`, for where the redirect ended: this site's 404 screen, the account
   * page, or the other host.
   */
  async function endOf(act: (page: Page) => Promise<void>) {
    const page = await chromium.newPage()
    const offSite: string[] = []
    await page.context().route(
      (url) => url.hostname === 'evil.example',
      (route) => {
        offSite.push(route.request().url())
        return route.fulfill({ contentType: 'text/html', body: '<h1>Off site</h1>' })
      },
    )
    await act(page)
    await page
      .getByText(NOT_FOUND_TEXT, { exact: true })
      .or(page.getByTestId('signed-in-as'))
      .or(page.getByRole('heading', { name: 'Off site' }))
      .waitFor()
    const ended = new URL(page.url())
    await page.close()
    return { origin: ended.origin, offSite, pathname: ended.pathname }
  }

  /** Where every redirect here must end: this site, with nothing asked of the other host. */
  const onSite = () => ({ origin: new URL(app.url).origin, offSite: [] })

  test.each(OFF_SITE_KINDS)(
    '$kind: a document load, redirected before or after the shell',
    async ({ kind }) => {
      for (const query of ['', '?late=1']) {
        const ended = await endOf(async (page) => {
          await page.goto(`/lab/interrupt/${kind}${query}`)
        })
        expect(ended, query).toMatchObject(onSite())
      }
    },
  )

  test.each(OFF_SITE_KINDS)('$kind: a client navigation (router.push)', async ({ kind }) => {
    const ended = await endOf(async (page) => {
      await gotoHydrated(page, '/lab/router')
      await page.getByLabel('Target').fill(`/lab/interrupt/${kind}`)
      await page.getByRole('button', { name: 'Push', exact: true }).click()
    })
    expect(ended).toMatchObject(onSite())
  })

  test.each(OFF_SITE_KINDS)(
    '$kind: a server function call and a form with JavaScript',
    async ({ kind }) => {
      for (const name of [`Call ${kind}`, `Submit ${kind}`]) {
        const ended = await endOf(async (page) => {
          await gotoHydrated(page, '/lab/actions')
          await page.getByRole('button', { name, exact: true }).click()
        })
        expect(ended, name).toMatchObject(onSite())
      }
    },
  )

  test('signing in with `next` naming another host lands on /account, on this site', async () => {
    for (const next of ['/\\evil.example/', '/\t/evil.example/', '//evil.example/']) {
      const ended = await endOf(async (page) => {
        await gotoHydrated(page, `/sign-in?next=${encodeURIComponent(next)}`)
        await page.getByLabel('Username').fill('reader')
        await page.getByLabel('Password').fill('reader-pass')
        await page.getByRole('button', { name: 'Sign in' }).click()
      })
      expect(ended, JSON.stringify(next)).toEqual({ ...onSite(), pathname: '/account' })
    }
  })
})

describe('a redirect to a javascript: URL never runs script', () => {
  const BLOCKED = 'A navigation to a javascript: URL was blocked: it would run script in this page.'
  /** What the target's script sets (SCRIPT_REDIRECT_TARGET). It yields nothing, so a browser that
   * ran it would keep the page rather than replace it with the script's value. */
  const SCRIPT_TITLE = 'script ran'

  /** Does `act` on a hydrated `start` page; then whether the target's script ran, and the URL. */
  async function afterScriptRedirect(start: string, act: (page: Page) => Promise<void>) {
    const page = await chromium.newPage()
    const errors = collectConsoleErrors(page)
    await gotoHydrated(page, start)
    await act(page)
    await expect.poll(() => errors).toContain(BLOCKED)
    const ended = { scriptRan: (await page.title()) === SCRIPT_TITLE, url: page.url() }
    await page.close()
    return ended
  }

  test('thrown by a page after its shell, on a document load', async () => {
    const ended = await afterScriptRedirect('/lab/interrupt/script-redirect?late=1', async () => {})
    expect(ended.scriptRan).toBe(false)
  })

  test('thrown by a page reached by a client navigation', async () => {
    const ended = await afterScriptRedirect('/lab/router', async (page) => {
      await page.getByLabel('Target').fill('/lab/interrupt/script-redirect')
      await page.getByRole('button', { name: 'Push', exact: true }).click()
    })
    expect(ended.scriptRan).toBe(false)
  })

  test('given to router.push()', async () => {
    const ended = await afterScriptRedirect('/lab/router', async (page) => {
      await page.getByLabel('Target').fill("javascript:void (document.title = 'script ran')")
      await page.getByRole('button', { name: 'Push', exact: true }).click()
    })
    expect(ended).toMatchObject({ scriptRan: false, url: `${app.url}/lab/router` })
  })

  test('thrown by a server function', async () => {
    const ended = await afterScriptRedirect('/lab/actions', async (page) => {
      await page.getByRole('button', { name: 'Call script-redirect', exact: true }).click()
    })
    expect(ended).toMatchObject({ scriptRan: false, url: `${app.url}/lab/actions` })
  })
})
