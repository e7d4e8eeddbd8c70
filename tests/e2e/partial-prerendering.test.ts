// Partial prerendering against the production build (docs/caching.md, "Partial prerendering").
// Fixtures: /lab/ppr opts in (`experimental_ppr`): a static heading, a "use cache" part and a
// counter in the shell, and a hole that reads the `lab-visitor` cookie and then takes a second;
// /lab/ppr/broken, whose hole throws (its error.tsx shows); /lab/ppr/gate, whose hole redirects or
// calls notFound() by the `lab-gate` cookie; /lab/ppr/missing, which calls notFound() outside its
// hole; /lab/ppr/outside, which reads a cookie outside any Suspense boundary (no shell). The lab's
// controls are open on this server.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from 'vitest'
import type { PrerenderManifest } from '../../src/framework/static/prerendered.ts'
import {
  ACCOUNTS,
  collectConsoleErrors,
  collectPageErrors,
  gotoHydrated,
  ROOT_DIR,
  setupProductionServerAndBrowser,
  signIn,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser({ env: { LAB_CONTROLS: 'open' } })

const HEADING = '<h1>Partial prerendering</h1>'
const FALLBACK = 'Finding out who you are…'

/** The document's body as the chunks that came over the wire, in order. */
async function chunksOf(
  path: string,
  cookie?: string,
): Promise<{ response: Response; chunks: string[] }> {
  const response = await fetch(`${app.url}${path}`, {
    headers: cookie ? { cookie } : {},
  })
  const chunks: string[] = []
  const decoder = new TextDecoder()
  for await (const chunk of response.body!) chunks.push(decoder.decode(chunk, { stream: true }))
  return { response, chunks }
}

const indexOfChunk = (chunks: string[], text: string) => chunks.findIndex((c) => c.includes(text))

/** The document up to what was written after the shell: a resumed hole or the inlined payload. */
function shellOf(chunks: string[]): string {
  const html = chunks.join('')
  const ends = ['<div hidden id="S:', '<script>(self.__RSC_PAYLOAD']
    .map((marker) => html.indexOf(marker))
    .filter((index) => index >= 0)
  return html.slice(0, Math.min(...ends))
}
const shellTime = (html: string) => /Shell made at ([^<]+)</.exec(html)?.[1]

test('the build kept the shell, with the fallback in place of the hole, and says so', () => {
  const manifest = JSON.parse(
    readFileSync(join(ROOT_DIR, 'dist/prerender/manifest.json'), 'utf8'),
  ) as PrerenderManifest
  const route = manifest.routes.find((r) => r.route === '(lab)/lab/ppr/page.tsx')
  expect(route).toMatchObject({ kind: 'partial', pathnames: ['/lab/ppr'] })
  const page = manifest.pages['/lab/ppr']!
  expect(page.postponed).toEqual(expect.any(String))
  const shell = readFileSync(join(ROOT_DIR, 'dist/prerender', page.html.file), 'utf8')
  expect(shell).toContain(HEADING)
  expect(shell).toContain(FALLBACK)
  // Its "use cache" component is part of it.
  expect(shell).toMatch(/Shell made at \d{4}-/)
  expect(shell).not.toContain('Hello,')
  // The resumed part ends the document.
  expect(shell).not.toContain('</body>')
})

test('the shell arrives before the hole’s second has passed, in one document', async () => {
  const { response, chunks } = await chunksOf('/lab/ppr', 'lab-visitor=Ada')
  expect(response.status).toBe(200)
  expect(response.headers.get('cache-control')).toBe('private, no-store')
  // The shell is written at once, the hole a second later: they cannot come in one chunk.
  const shell = indexOfChunk(chunks, FALLBACK)
  expect(shell).toBeGreaterThanOrEqual(0)
  expect(indexOfChunk(chunks, HEADING)).toBeLessThanOrEqual(shell)
  expect(indexOfChunk(chunks, 'Hello, Ada.')).toBeGreaterThan(shell)
  expect(shellOf(chunks)).not.toContain('Hello, Ada.')
  const html = chunks.join('')
  expect(html.endsWith('</body></html>')).toBe(true)
  expect(html.match(/<\/body><\/html>/g)).toHaveLength(1)
})

test('the shell is the same for every request; the hole is each visitor’s own, under load', async () => {
  const names = Array.from({ length: 24 }, (_, i) => `visitor${i}`)
  const pages = await Promise.all(
    names.map(async (name) => (await chunksOf('/lab/ppr', `lab-visitor=${name}`)).chunks.join('')),
  )
  const shells = new Set(pages.map(shellTime))
  expect(shells.size).toBe(1)
  pages.forEach((html, i) => {
    const greetings = html.match(/Hello, (\w+)\./g)
    // In the document and in its inlined payload: this visitor's name only.
    expect(greetings?.length).toBeGreaterThan(0)
    expect(new Set(greetings)).toEqual(new Set([`Hello, ${names[i]}.`]))
  })
  const anonymous = (await chunksOf('/lab/ppr')).chunks.join('')
  expect(anonymous).toContain('Hello, stranger.')
  expect(anonymous).not.toMatch(/visitor\d+/)
})

/**
 * Opens `path` in Chromium as the visitor named `name` (none: no cookie) and waits until its
 * hole shows the greeting and the page has hydrated to the end (its counter counts). Returns the
 * page, and the errors it logged (hydration mismatches among them).
 */
async function visit(path: string, name?: string) {
  const page = await chromium.newPage()
  if (name) await page.context().addCookies([{ name: 'lab-visitor', value: name, url: app.url }])
  const errors = [collectPageErrors(page), collectConsoleErrors(page)] as const
  await gotoHydrated(page, path)
  await page.getByText(`Hello, ${name ?? 'stranger'}.`).waitFor()
  const counter = page.locator('main button.counter')
  await counter.click()
  await expect.poll(() => counter.textContent()).toBe('Clicked 1 time')
  return { page, errors: () => [...errors[0].map((error) => error.message), ...errors[1]] }
}

test('in Chromium: the fallback, then the visitor’s part; the page hydrates with no error', async () => {
  const { errors } = await visit('/lab/ppr', 'Grace')
  expect(errors()).toEqual([])
})

test('with a query, the shell hydrates as rendered (no query), then shows the browser’s', async () => {
  // The shell, the same for everyone, shows no query.
  const { chunks } = await chunksOf('/lab/ppr?from=mail')
  expect(shellOf(chunks)).toContain('From: nowhere')
  const { page, errors } = await visit('/lab/ppr?from=mail')
  expect(await page.getByTestId('search-echo').textContent()).toBe('From: mail')
  expect(errors()).toEqual([])
})

test('a client navigation to the route shows the visitor’s part (its payload is rendered per request)', async () => {
  const page = await chromium.newPage()
  await page.context().addCookies([{ name: 'lab-visitor', value: 'Linus', url: app.url }])
  await gotoHydrated(page, '/lab')
  await page.locator('a[href="/lab/ppr"]').first().click()
  await page.getByText('Hello, Linus.').waitFor()
  expect(await page.locator('h1').textContent()).toBe('Partial prerendering')
})

test('revalidating the tag of its "use cache" part renders a new shell', async () => {
  const before = (await chunksOf('/lab/ppr')).chunks.join('')
  const page = await chromium.newPage()
  await gotoHydrated(page, '/lab/ppr')
  await page.getByRole('button', { name: 'Revalidate the shell' }).click()
  await expect
    .poll(async () => shellTime((await chunksOf('/lab/ppr')).chunks.join('')))
    .not.toBe(shellTime(before))
  const after = (await chunksOf('/lab/ppr')).chunks.join('')
  expect(after).toContain(HEADING)
})

test('a hole that throws shows its error.tsx; the shell around it stays', async () => {
  const { response, chunks } = await chunksOf('/lab/ppr/broken')
  expect(response.status).toBe(200)
  expect(shellOf(chunks)).toContain('The shell of a page whose hole throws')
  const page = await chromium.newPage()
  await page.goto('/lab/ppr/broken')
  await page.getByText('Something went wrong in the lab.').waitFor()
  expect(await page.locator('header nav a[href="/lab"]').count()).toBe(1)
})

test('a hole that redirects or calls notFound(): after the shell’s 200, as in a streamed page', async () => {
  const gate = (value: string) => chunksOf('/lab/ppr/gate', `lab-gate=${value}`)
  const redirected = await gate('redirect')
  expect(redirected.response.status).toBe(200)
  const redirectedHtml = redirected.chunks.join('')
  expect(shellOf(redirected.chunks)).toContain('The shell of a page whose hole may interrupt')
  expect(redirectedHtml).toContain(
    '<noscript><meta http-equiv="refresh" content="1;url=/lab/ppr"></noscript>',
  )
  const missing = (await gate('missing')).chunks.join('')
  expect(missing).toContain('<noscript><meta name="robots" content="noindex"></noscript>')
  expect(missing).not.toContain('The gate is open.')

  // In the browser the router follows the redirect, or shows the 404 screen, with no error.
  for (const [value, path, text] of [
    ['redirect', '/lab/ppr', 'Hello, stranger.'],
    ['missing', '/lab/ppr/gate', 'This page could not be found.'],
  ] as const) {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    await page.context().addCookies([{ name: 'lab-gate', value, url: app.url }])
    await page.goto('/lab/ppr/gate')
    await page.getByText(text).waitFor()
    expect(new URL(page.url()).pathname).toBe(path)
    expect(errors).toEqual([])
  }
})

test('a page that calls notFound() outside its holes answers 404, and nothing is said of its shell', async () => {
  const from = app.server.process.output.length
  for (let i = 0; i < 2; i++) {
    const response = await fetch(`${app.url}/lab/ppr/missing`)
    expect(response.status).toBe(404)
    expect(await response.text()).toContain('This page could not be found.')
  }
  const said = app.server.process.output.slice(from).map((line) => line.text)
  expect(said.filter((line) => line.includes('/lab/ppr/missing'))).toEqual([])
})

test('the notebook’s /you: its notes are the shell, who is signed in the hole', async () => {
  const { chunks } = await chunksOf('/you')
  const shell = shellOf(chunks)
  expect(shell).toContain('<h1>Your notebook</h1>')
  expect(shell).toContain('Checking who you are…')
  expect(shell).toContain('50 notes, 7 tags')
  expect(shell).not.toContain('You are not signed in.')
  expect(chunks.join('')).toContain('You are not signed in.')
  const page = await chromium.newPage()
  await signIn(page, ACCOUNTS.member)
  await page.getByRole('link', { name: 'Your notebook' }).click()
  await expect
    .poll(() => page.getByTestId('you').textContent())
    .toBe('Signed in as reader. Write a note')
  await page.reload()
  await expect
    .poll(() => page.getByTestId('you').textContent())
    .toBe('Signed in as reader. Write a note')
})

test('a read outside every Suspense boundary: no shell, the build names the component', async () => {
  const manifest = JSON.parse(
    readFileSync(join(ROOT_DIR, 'dist/prerender/manifest.json'), 'utf8'),
  ) as PrerenderManifest
  const route = manifest.routes.find((r) => r.route === '(lab)/lab/ppr/outside/page.tsx')
  expect(route?.kind).toBe('dynamic')
  expect(route?.reason).toContain(
    'cookies() was read by <Greeting> outside every <Suspense> boundary',
  )
  const { chunks } = await chunksOf('/lab/ppr/outside', 'session=x')
  expect(chunks.join('')).toContain('Welcome back.')
})
