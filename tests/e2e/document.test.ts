// Document requests (docs/protocol.md): server-rendered HTML that works before (and
// without) JavaScript, hydrates from the inlined payload, and renders every route convention.
import { runInNewContext } from 'node:vm'
import { describe, expect, test } from 'vitest'
import { INLINE_PAYLOAD_GLOBAL } from '../../src/framework/wire/protocol.ts'
import {
  blockPrefetches,
  clickCounter,
  collectPageErrors,
  counter,
  NOT_FOUND_TEXT,
  RequestLog,
  setupProductionServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

describe('document load', () => {
  test('shows the server-rendered page with JavaScript disabled', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    const response = await page.goto('/')
    expect(response?.status()).toBe(200)
    expect(response?.headers()['content-type']).toMatch(/^text\/html/)
    await page.getByRole('heading', { level: 1, name: 'Notebook' }).waitFor()
    expect(await counter(page).textContent()).toBe('Clicked 0 times')
    // The recent notes are links that work without JavaScript.
    expect(await page.locator('main a[href="/notes/50"]').textContent()).toBe('Note 50: reading')
    const nav = await page.locator('header nav a').allTextContents()
    expect(nav).toEqual(expect.arrayContaining(['Home', 'Notes', 'Tags', 'Docs', 'Stats', 'About']))
  })

  test('hydrates from the inlined payload: no payload request, and the Counter responds', async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    const requests = RequestLog.start(page)
    await page.goto('/')
    await waitForHydration(page, 'button.counter')
    await clickCounter(page, 'Clicked 1 time')
    await clickCounter(page, 'Clicked 2 times')
    expect(requests.payloadPaths()).toEqual([])
    expect(requests.documentPaths()).toEqual(['/'])
    expect(errors).toEqual([])
  })

  // The payload names the client components' modules as it streams; React DOM turns those into
  // preload links in <head>, so the browser fetches them while the HTML still arrives.
  // Pages with client components of their own, beyond the root layout's (in the entry chunk).
  test.each(['/notes/1', '/notes/new', '/sign-in'])(
    '%s: <head> preloads every script that hydration loads',
    async (path) => {
      const page = await chromium.newPage()
      await blockPrefetches(page) // the modules of prefetched pages are not this page's
      const scripts: string[] = []
      page.on('request', (request) => {
        const url = new URL(request.url())
        if (url.pathname.endsWith('.js')) scripts.push(url.pathname)
      })
      const response = await page.goto(path)
      await waitForHydration(page, 'button.counter')
      const head = (await response!.text()).split('</head>', 1)[0]!
      const preloaded = [...head.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map(
        (match) => match[1],
      )
      expect(scripts.length, 'the entry and the page’s own chunk').toBeGreaterThanOrEqual(2)
      for (const script of scripts) expect(preloaded).toContain(script)
    },
  )
})

describe('routes render with the right params as documents', () => {
  const cases = [
    { path: '/notes/7', testId: 'note-id', text: 'Note id: 7' },
    { path: '/docs/guides/routing', testId: 'slug', text: 'Slug: ["guides","routing"]' },
    { path: '/docs/getting-started', testId: 'slug', text: 'Slug: ["getting-started"]' },
    { path: '/tags', testId: 'tag-param', text: 'Tag param: none' },
    { path: '/tags/a/b', testId: 'tag-param', text: 'Tag param: ["a","b"]' },
  ]
  test.each(cases)('$path shows $text', async ({ path, testId, text }) => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    const response = await page.goto(path)
    expect(response?.status()).toBe(200)
    expect(await page.getByTestId(testId).textContent()).toBe(text)
  })

  test('/about is served from the (site) group folder', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    const response = await page.goto('/about')
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'About' }).waitFor()
  })

  test('/notes/new is the static page, not [id] with id "new"', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    const response = await page.goto('/notes/new')
    expect(response?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'New note' }).waitFor()
    expect(await page.getByTestId('note-id').count()).toBe(0)
    // The nested notes layout wraps it too.
    await page.getByText('Notes section').waitFor()
  })

  test('/notes renders inside the nested notes layout', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto('/notes')
    await page.getByText('Notes section').waitFor()
    expect(await page.locator('main a[href^="/notes/"]').count()).toBe(51) // 50 notes + "New note"
  })
})

test('an unknown URL answers 404 with the not-found screen', async () => {
  const page = await chromium.newPage()
  const response = await page.goto('/no/such/page')
  expect(response?.status()).toBe(404)
  await page.getByText(NOT_FOUND_TEXT).waitFor()
})

describe('inlined payload', () => {
  // The slug is text the server did not write: it comes from the URL, into the payload (params
  // and the rendered text) and into the HTML.
  const HOSTILE_PATH = '/lab/pages/%3C!--/%3C%2Fscript%3Ex'
  const HOSTILE_SLUG = 'Slug: ["<!--","</script>x"]'

  test.each(['/', '/notes', HOSTILE_PATH])(
    '%s: payload scripts contain no "</script" or "<!--" and decode to the whole payload',
    async (path) => {
      const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
      expect(response.status).toBe(200)
      const html = await response.text()
      const scripts = [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]!)
      const payloadScripts = scripts.filter((text) => text.includes(INLINE_PAYLOAD_GLOBAL))
      expect(payloadScripts.length).toBeGreaterThan(0)
      // No payload script was closed early: every push the document contains is a whole script.
      expect(html.split(INLINE_PAYLOAD_GLOBAL).length - 1).toBe(payloadScripts.length)
      for (const text of payloadScripts) {
        expect(text).not.toMatch(/<\/script/i)
        expect(text).not.toContain('<!--')
        expect(text).not.toMatch(/<script/i)
      }
      // Run the scripts as the browser would and decode what they push: the RSC payload.
      const self: Record<string, unknown> = {}
      for (const text of payloadScripts) runInNewContext(text, { self })
      const chunks = self[INLINE_PAYLOAD_GLOBAL]
      expect(Array.isArray(chunks)).toBe(true)
      const payload = (chunks as unknown[])
        .map((chunk) =>
          typeof chunk === 'string'
            ? chunk
            : Buffer.from(String((chunk as unknown[])[0]), 'base64').toString('utf8'),
        )
        .join('')
      expect(payload).toContain('"tree"')
      if (path === HOSTILE_PATH) {
        // The dangerous text did reach the payload, and only the escaping kept it harmless.
        expect(payload).toContain('<!--')
        expect(payload).toContain('</script>x')
      }
    },
  )

  test('text that looks like HTML round-trips through the inlined payload and hydrates', async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    const requests = RequestLog.start(page)
    const response = await page.goto(HOSTILE_PATH)
    expect(response?.status()).toBe(200)
    await waitForHydration(page, 'button.counter')
    expect(await page.getByTestId('slug').textContent()).toBe(HOSTILE_SLUG)
    await clickCounter(page, 'Clicked 1 time')
    expect(await page.getByTestId('slug').textContent()).toBe(HOSTILE_SLUG)
    expect(requests.payloadPaths()).toEqual([])
    expect(errors).toEqual([])
  })
})
