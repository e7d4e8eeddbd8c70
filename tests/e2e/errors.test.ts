// Errors and digests in production (docs/errors.md, issue 4): the global error screens with
// their exact sentences and the request's host name; the `Digest:` a user sees is the digest the
// server logged with the error's stack; the message never reaches the client (HTML, payload,
// page); error.tsx catches server and client component errors, reset() recovers once the cause
// is fixed, and navigating away clears it.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  clickCounter,
  clientErrorText,
  counter,
  gotoHydrated,
  linkTo,
  loggedErrors,
  pathOf,
  RequestLog,
  serverErrorText,
  settle,
  setupProductionServerAndBrowser,
  waitForHydration,
  waitForLoggedError,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const SECRET = 'secret detail 42'
const GLOBAL_SERVER_MESSAGE = 'Error: The lab page failed on the server (secret detail 42).'
const LAB_SERVER_MESSAGE = 'Error: The lab server component failed (secret detail 42).'
const LAB_CLIENT_MESSAGE = 'The lab client component failed.'
const LAB_ERROR_HEADING = 'Something went wrong in the lab.'
const FIXED_HEADING = 'The server component works again'

function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  return chromium.newPage(options)
}

function host(): string {
  return new URL(app.url).hostname
}

/** The digest on the page, from its `Digest: <digest>` line. */
async function digestShown(page: Page): Promise<string> {
  const line = page.getByText(/^Digest: \d+$/)
  await line.waitFor()
  return (await line.textContent())!.slice('Digest: '.length)
}

/** Says the cause of /lab/errors/server is fixed (the page reads this cookie). */
async function fixLabServerError(page: Page): Promise<void> {
  await page.context().addCookies([{ name: 'lab-fixed', value: '1', url: app.url }])
}

describe('the global error screen', () => {
  test('a server error nothing catches: 500, the server-side sentence, the digest that was logged', async () => {
    const page = await open()
    const from = app.server.process.output.length
    const response = await page.goto('/lab/global/server')
    expect(response?.status()).toBe(500)
    await page.getByText(serverErrorText(host()), { exact: true }).waitFor()
    const digest = await digestShown(page)
    const logged = await waitForLoggedError(app.server.process, digest)
    expect(logged.detail[0]).toBe(GLOBAL_SERVER_MESSAGE)
    expect(logged.detail.length).toBeGreaterThan(1) // the stack frames follow
    // One log entry for the one failure.
    const sameDigest = loggedErrors(app.server.process, from).filter((e) => e.digest === digest)
    expect(sameDigest).toHaveLength(1)
  })

  test('the host name is the one the browser asked for', async () => {
    const page = await open()
    const url = new URL('/lab/global/server', app.url)
    url.hostname = 'localhost'
    const response = await page.goto(url.href)
    expect(response?.status()).toBe(500)
    await page.getByText(serverErrorText('localhost'), { exact: true }).waitFor()
    expect(await page.getByText(serverErrorText(host())).count()).toBe(0)
    await waitForLoggedError(app.server.process, await digestShown(page))
  })

  test('the server-side screen after a client navigation has the logged digest too', async () => {
    const page = await open()
    await gotoHydrated(page, '/lab')
    const requests = RequestLog.start(page)
    await linkTo(page, '/lab/global/server').click()
    await page.getByText(serverErrorText(host()), { exact: true }).waitFor()
    const logged = await waitForLoggedError(app.server.process, await digestShown(page))
    expect(logged.detail[0]).toBe(GLOBAL_SERVER_MESSAGE)
    expect(requests.documentPaths()).toEqual([])
    // biome-ignore lint/performance/useDomNodeTextContent: the text the user sees
    expect(await page.locator('body').innerText()).not.toContain(SECRET)
  })

  test('a client error nothing catches: the client-side sentence, no digest', async () => {
    const page = await open()
    await gotoHydrated(page, '/lab/global/client')
    await waitForHydration(page, 'main button')
    await page.getByRole('button', { name: 'Break it' }).click()
    await page.getByText(clientErrorText(host()), { exact: true }).waitFor()
    expect(await page.getByText(/Digest:/).count()).toBe(0)
    expect(await page.getByText(/server-side/).count()).toBe(0)
    expect(pathOf(page)).toBe('/lab/global/client')
  })

  test('when the screen itself cannot be loaded (loaded when shown), the reload notice', async () => {
    const page = await open()
    await page.route('**/assets/global-error-*.js', (route) => route.abort())
    await gotoHydrated(page, '/lab/global/client')
    await waitForHydration(page, 'main button')
    await page.getByRole('button', { name: 'Break it' }).click()
    await page.getByText('The connection to the page was unexpectedly closed.').waitFor()
    await page.getByRole('button', { name: 'Reload the page' }).waitFor()
  })
})

describe('production hides server error messages', () => {
  test('neither the HTML nor the payload carries the message: only the digest, which was logged', async () => {
    for (const path of ['/lab/errors/server', '/lab/global/server']) {
      const document = await fetch(app.url + path, { headers: { accept: 'text/html' } })
      expect(document.status, path).toBe(500)
      const html = await document.text()
      expect(html, path).not.toContain(SECRET)
      expect(html, path).not.toMatch(/The lab (server component|page) failed/)
      // Nor does development's overlay (Vite's client, the stack, the code frame) come along.
      expect(html, path).not.toMatch(/@vite\/client|ErrorOverlay|page\.tsx:\d/)

      const payload = await fetch(`${app.url}${path}_.rsc`)
      expect(payload.headers.get('content-type'), path).toMatch(/^text\/x-component/)
      const rows = await payload.text()
      expect(rows, path).not.toContain(SECRET)
      const digest = rows.match(/E\{"digest":"(\d+)"\}/)?.[1]
      expect(digest, path).toBeDefined()
      const logged = await waitForLoggedError(app.server.process, digest!)
      expect(logged.detail[0], path).toContain(SECRET)
    }
  })

  test('the page error.tsx shows has the digest, not the message', async () => {
    const page = await open()
    await page.goto('/lab/errors/server')
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    const digest = await digestShown(page)
    expect(await page.getByTestId('error-message').textContent()).not.toContain(SECRET)
    // biome-ignore lint/performance/useDomNodeTextContent: the text the user sees
    expect(await page.locator('body').innerText()).not.toContain(SECRET)
    expect(await page.content()).not.toContain(SECRET)
    expect((await waitForLoggedError(app.server.process, digest)).detail[0]).toBe(
      LAB_SERVER_MESSAGE,
    )
  })
})

describe('error.tsx', () => {
  test('catches a server component error in the document (500), and reset() recovers once fixed', async () => {
    const page = await open()
    const response = await page.goto('/lab/errors/server')
    expect(response?.status()).toBe(500)
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    // The layouts above error.tsx still render: the header and its Counter work.
    await waitForHydration(page, 'main button')
    await clickCounter(page, 'Clicked 1 time')
    const requests = RequestLog.start(page)

    // Not fixed yet: trying again shows the error again.
    const again = page.waitForRequest((request) =>
      request.url().endsWith('/lab/errors/server_.rsc'),
    )
    await page.getByRole('button', { name: 'Try again' }).click()
    await requests.whenEnded(await again)
    await settle(page)
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()

    await fixLabServerError(page)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('heading', { level: 1, name: FIXED_HEADING }).waitFor()
    expect(await page.getByRole('heading', { name: LAB_ERROR_HEADING }).count()).toBe(0)
    expect(requests.documentPaths()).toEqual([])
    expect(await counter(page).textContent()).toBe('Clicked 1 time')
  })

  test('catches a server component error on a client navigation, with the logged digest', async () => {
    const page = await open()
    await gotoHydrated(page, '/lab')
    const requests = RequestLog.start(page)
    await linkTo(page, '/lab/errors/server').click()
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    const logged = await waitForLoggedError(app.server.process, await digestShown(page))
    expect(logged.detail[0]).toBe(LAB_SERVER_MESSAGE)
    expect(await page.getByTestId('error-message').textContent()).not.toContain(SECRET)
    // The rest of the page is there: the header's links still navigate.
    await fixLabServerError(page)
    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('heading', { level: 1, name: FIXED_HEADING }).waitFor()
    expect(requests.documentPaths()).toEqual([])
  })

  test('catches a client component error, and reset() renders the segment afresh', async () => {
    const page = await open()
    await gotoHydrated(page, '/lab/errors/client')
    await waitForHydration(page, 'main button')
    await clickCounter(page, 'Clicked 1 time')
    await page.getByRole('button', { name: 'Break it' }).click()
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    // A browser error keeps its message (there is nothing to hide) and has no digest.
    expect(await page.getByTestId('error-message').textContent()).toBe(LAB_CLIENT_MESSAGE)
    expect(await page.getByTestId('error-digest').count()).toBe(0)
    expect(await counter(page).textContent()).toBe('Clicked 1 time')

    await page.getByRole('button', { name: 'Try again' }).click()
    await page.getByRole('button', { name: 'Break it' }).waitFor()
    expect(await page.getByRole('heading', { name: LAB_ERROR_HEADING }).count()).toBe(0)
    expect(await counter(page).textContent()).toBe('Clicked 1 time')
  })

  test('navigating away and back clears a caught error (by link and by Back)', async () => {
    const page = await open()
    await gotoHydrated(page, '/lab/errors/client')
    await waitForHydration(page, 'main button')
    const requests = RequestLog.start(page)
    await page.getByRole('button', { name: 'Break it' }).click()
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()

    await linkTo(page, '/lab').click()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    await page.goBack()
    await page.waitForURL((url) => url.pathname === '/lab/errors/client')
    await page.getByRole('button', { name: 'Break it' }).waitFor()
    expect(await page.getByRole('heading', { name: LAB_ERROR_HEADING }).count()).toBe(0)

    await page.getByRole('button', { name: 'Break it' }).click()
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    await linkTo(page, '/lab').click()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    await linkTo(page, '/lab/errors/client').click()
    await page.getByRole('button', { name: 'Break it' }).waitFor()
    expect(await page.getByRole('heading', { name: LAB_ERROR_HEADING }).count()).toBe(0)
    expect(requests.documentPaths()).toEqual([])
  })

  test('a fixed server error is gone after navigating away and back', async () => {
    const page = await open()
    await page.goto('/lab/errors/server')
    await page.getByRole('heading', { name: LAB_ERROR_HEADING }).waitFor()
    await waitForHydration(page)
    await fixLabServerError(page)
    await linkTo(page, '/lab').click()
    await page.getByRole('heading', { level: 1, name: 'Framework lab' }).waitFor()
    await linkTo(page, '/lab/errors/server').click()
    await page.getByRole('heading', { level: 1, name: FIXED_HEADING }).waitFor()
    expect(await page.getByRole('heading', { name: LAB_ERROR_HEADING }).count()).toBe(0)
  })
})
