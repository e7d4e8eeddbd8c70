// The Metadata API (docs/metadata.md) against the production build: the tags in <head> before the
// page's content streams, one charset / viewport / title per document, the tags replaced (and
// removed) on client navigations, interrupts and errors thrown in generateMetadata handled as the
// page's, one cached() read shared by a page and its metadata, and static pages' metadata.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import { HEADER_ROUTE_KIND } from '../../src/framework/wire/protocol.ts'
import {
  chunkIndexOf,
  collectPageErrors,
  FORBIDDEN_TEXT,
  getChunks,
  linkTo,
  NOT_FOUND_TEXT,
  NOTE_NOT_FOUND_TEXT,
  pathOf,
  payloadPathOf,
  settle,
  setupProductionServerAndBrowser,
  UNAUTHORIZED_TEXT,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const LAB = '/lab/metadata'
const LAB_ERROR_HEADING = 'Something went wrong in the lab.'
const SECRET = 'secret detail 42'

/** The document's markup without its scripts (the inlined payload repeats the tags' data). */
function markupOf(html: string): string {
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
}

function headOf(html: string): string {
  const markup = markupOf(html)
  return markup.slice(0, markup.indexOf('</head>'))
}

function count(text: string, pattern: RegExp): number {
  return text.match(new RegExp(pattern.source, 'g'))?.length ?? 0
}

async function getDocument(path: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(app.url + path, {
    headers: { accept: 'text/html' },
    redirect: 'manual',
  })
  return { response, html: await response.text() }
}

/** What the document's head holds now, in the browser (after navigations). */
function headTags(page: Page) {
  return page.evaluate(() => ({
    titles: [...document.querySelectorAll('title')].map((t) => t.textContent),
    title: document.title,
    description: [...document.querySelectorAll('meta[name="description"]')].map((m) =>
      m.getAttribute('content'),
    ),
    openGraph: document.querySelectorAll('meta[property^="og:"]').length,
    robots: document.querySelectorAll('meta[name="robots"]').length,
    canonical: document.querySelectorAll('link[rel="canonical"]').length,
    themeColor: document.querySelectorAll('meta[name="theme-color"]').length,
    charset: document.querySelectorAll('meta[charset]').length,
    viewport: document.querySelectorAll('meta[name="viewport"]').length,
  }))
}

describe('the tags in the document', () => {
  test("the lab page's metadata, in <head>, with URLs resolved against metadataBase", async () => {
    const { response, html } = await getDocument(LAB)
    expect(response.status).toBe(200)
    const head = headOf(html)
    for (const tag of [
      '<title>Metadata · Lab</title>',
      '<meta name="description" content="Every kind of tag the Metadata API writes, on one page."/>',
      '<meta name="keywords" content="metadata,lab"/>',
      '<meta name="robots" content="noindex, follow"/>',
      '<link rel="canonical" href="https://notebook.example/base/lab/metadata"/>',
      '<meta property="og:title" content="The metadata lab"/>',
      '<meta property="og:image" content="https://notebook.example/base/og.png"/>',
      '<meta name="twitter:card" content="summary"/>',
      '<meta name="theme-color" content="#336699"/>',
      '<meta name="color-scheme" content="light dark"/>',
    ]) {
      expect(head).toContain(tag)
    }
  })

  test("a note's title and description come from generateMetadata", async () => {
    const { html } = await getDocument('/notes/3')
    const head = headOf(html)
    expect(head).toContain('<title>Note 3: travel · Notebook</title>')
    expect(head).toContain(
      '<meta name="description" content="Thoughts about travel, entry number 3."/>',
    )
    expect(head).toContain('<meta property="og:type" content="article"/>')
  })

  test.each([
    '/',
    '/notes',
    '/notes/3',
    '/about',
    '/stats',
    LAB,
    '/lab/slow',
    '/bench/dynamic',
    '/no-such-page',
    '/notes/999',
  ])('%s: one charset, one viewport and one title, all in <head>', async (path) => {
    const { html } = await getDocument(path)
    const markup = markupOf(html)
    const head = headOf(html)
    for (const pattern of [/<meta charSet=/, /<meta name="viewport"/, /<title>/]) {
      expect(count(markup, pattern)).toBe(1)
      expect(count(head, pattern)).toBe(1)
    }
    expect(head.indexOf('<meta charSet="utf-8"/>')).toBe(head.indexOf('<head>') + '<head>'.length)
  })

  test('the title is in the first part of a streamed page, before its content', async () => {
    const { status, chunks } = await getChunks(`${app.url}/stats`, { accept: 'text/html' })
    expect(status).toBe(200)
    const title = chunkIndexOf(chunks, '<title>Stats · Notebook</title>')
    expect(title).toBe(0)
    // The stats paragraph (its text is split by React's text markers).
    expect(chunkIndexOf(chunks, 'data-testid="stats"')).toBeGreaterThan(title)
  })

  test('fallback screens keep their own title, once', async () => {
    for (const [path, title] of [
      ['/no-such-page', `404: ${NOT_FOUND_TEXT}`],
      ['/notes/999', `404: ${NOTE_NOT_FOUND_TEXT}`],
    ]) {
      const { response, html } = await getDocument(path!)
      expect(response.status).toBe(404)
      expect(markupOf(html).match(/<title>[^<]*<\/title>/g)).toEqual([`<title>${title}</title>`])
      expect(count(markupOf(html), /<meta name="robots"/)).toBe(1)
    }
  })
})

describe('notFound() in generateMetadata below a loading.tsx', () => {
  test('the document keeps its charset and viewport; the 404 screen brings its title and noindex', async () => {
    const path = `${LAB}/streamed/not-found`
    const { html } = await getDocument(path)
    expect(count(headOf(html), /<meta charSet="utf-8"\/>/)).toBe(1)
    expect(count(headOf(html), /<meta name="viewport"/)).toBe(1)

    const page = await chromium.newPage()
    await page.goto(path)
    await page.getByText(NOT_FOUND_TEXT).waitFor()
    await waitForHydration(page)
    await settle(page)
    const tags = await headTags(page)
    expect(tags.charset).toBe(1)
    expect(tags.viewport).toBe(1)
    expect(tags.robots).toBe(1)
    expect(tags.titles).toEqual([`404: ${NOT_FOUND_TEXT}`])
  })
})

describe('client navigations', () => {
  test("the new page's tags replace the old ones; none of the old page's are left", async () => {
    const page = await chromium.newPage()
    const errors = collectPageErrors(page)
    await page.goto(LAB)
    await waitForHydration(page)
    expect(await headTags(page)).toMatchObject({
      titles: ['Metadata · Lab'],
      description: ['Every kind of tag the Metadata API writes, on one page.'],
      robots: 1,
      canonical: 1,
      themeColor: 1,
      charset: 1,
      viewport: 1,
    })

    await linkTo(page, '/lab/metadata/plain').click()
    await page.getByRole('heading', { name: 'No metadata here' }).waitFor()
    await settle(page)
    expect(await headTags(page)).toEqual({
      titles: ['Lab · Notebook'],
      title: 'Lab · Notebook',
      description: [],
      openGraph: 0,
      robots: 0,
      canonical: 0,
      themeColor: 0,
      charset: 1,
      viewport: 1,
    })

    await linkTo(page, LAB).click()
    await page.getByRole('heading', { name: 'Metadata', exact: true }).waitFor()
    await settle(page)
    expect(await headTags(page)).toMatchObject({
      titles: ['Metadata · Lab'],
      description: ['Every kind of tag the Metadata API writes, on one page.'],
      robots: 1,
      charset: 1,
      viewport: 1,
    })
    expect(errors).toEqual([])
  })

  test('from a note to the list: the title follows and the description goes', async () => {
    const page = await chromium.newPage()
    await page.goto('/notes/3')
    await waitForHydration(page)
    expect((await headTags(page)).description).toHaveLength(1)
    await linkTo(page, '/notes').click()
    await page.waitForFunction(() => document.title === 'All notes · Notebook')
    await settle(page)
    expect(await headTags(page)).toMatchObject({
      titles: ['All notes · Notebook'],
      description: [],
    })
  })
})

describe('interrupts and errors thrown in generateMetadata', () => {
  const THROWS = `${LAB}/throws`

  test.each([
    ['not-found', 404, NOT_FOUND_TEXT],
    ['forbidden', 403, FORBIDDEN_TEXT],
    ['unauthorized', 401, UNAUTHORIZED_TEXT],
  ] as const)('%s: the document answers %i with the screen', async (kind, status, text) => {
    const { response, html } = await getDocument(`${THROWS}/${kind}`)
    expect(response.status).toBe(status)
    expect(markupOf(html)).toContain(text.replace("'", '&#x27;'))
    expect(markupOf(html)).not.toContain('The page under generateMetadata')
    expect(count(markupOf(html), /<meta name="robots" content="noindex"/)).toBe(1)

    const page = await chromium.newPage({ javaScriptEnabled: false })
    const shown = await page.goto(`${THROWS}/${kind}`)
    expect(shown?.status()).toBe(status)
    await page.getByText(text).waitFor()
  })

  test('redirect(): 307 to its target, with and without JavaScript', async () => {
    const { response } = await getDocument(`${THROWS}/redirect`)
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/about')
    const page = await chromium.newPage({ javaScriptEnabled: false })
    await page.goto(`${THROWS}/redirect`)
    expect(pathOf(page)).toBe('/about')
  })

  test("an error: 500 with the folder's error.tsx and a digest, never the message", async () => {
    const { response, html } = await getDocument(`${THROWS}/error`)
    expect(response.status).toBe(500)
    expect(markupOf(html)).toContain(LAB_ERROR_HEADING)
    expect(html).not.toContain(SECRET)
    expect(html).toMatch(/Digest: (<!-- -->)?\d+/)
  })

  test('on client navigations, each shows what the page throwing it would show', async () => {
    const page = await chromium.newPage()
    const visit = async (kind: string) => {
      await page.goto(LAB)
      await waitForHydration(page)
      await linkTo(page, `${THROWS}/${kind}`).click()
    }
    await visit('ok')
    await page.getByRole('heading', { name: 'The page under generateMetadata: ok' }).waitFor()
    await page.waitForFunction(() => document.title === 'Metadata that resolved · Lab')

    for (const [kind, text] of [
      ['not-found', NOT_FOUND_TEXT],
      ['forbidden', FORBIDDEN_TEXT],
      ['unauthorized', UNAUTHORIZED_TEXT],
    ] as const) {
      await visit(kind)
      await page.getByText(text).waitFor()
      expect(pathOf(page)).toBe(`${THROWS}/${kind}`)
    }

    await visit('redirect')
    await page.waitForURL((url) => url.pathname === '/about')

    await visit('error')
    await page.getByText(LAB_ERROR_HEADING).waitFor()
    await page.getByText(/^Digest: \d+$/).waitFor()
    expect(await page.content()).not.toContain(SECRET)
  })
})

describe('data and classification', () => {
  test('a page and its generateMetadata share one cached() read per request', async () => {
    const read = async () => {
      const { html } = await getDocument(`${LAB}/counted`)
      const title = /<title>Counted read (\d+) · Lab<\/title>/.exec(html)?.[1]
      const first = /data-testid="first-read">(\d+)</.exec(html)?.[1]
      const second = /data-testid="second-read">(\d+)</.exec(html)?.[1]
      return [title, first, second].map(Number)
    }
    const [n, ...rest] = await read()
    expect(n).toBeGreaterThan(0)
    expect(rest).toEqual([n, n])
    expect(await read()).toEqual([n! + 1, n! + 1, n! + 1])
    expect(await read()).toEqual([n! + 2, n! + 2, n! + 2])
  })

  test('metadata that reads searchParams makes the page dynamic', async () => {
    const a = await getDocument(`${LAB}/query?q=first`)
    const b = await getDocument(`${LAB}/query?q=second`)
    expect(headOf(a.html)).toContain('<title>Query metadata: first · Lab</title>')
    expect(headOf(b.html)).toContain('<title>Query metadata: second · Lab</title>')
    expect(b.response.headers.get('etag')).toBeNull()
    const payload = await fetch(`${app.url}${payloadPathOf(`${LAB}/query`)}?q=third`)
    expect(payload.headers.get(HEADER_ROUTE_KIND)).toBe('dynamic')
  })

  test("a static page's metadata is its pathname's: the query changes nothing", async () => {
    const plain = await getDocument(LAB)
    const queried = await getDocument(`${LAB}?q=visitor`)
    expect(queried.response.headers.get('etag')).toBeTruthy()
    expect(queried.response.headers.get('etag')).toBe(plain.response.headers.get('etag'))
    expect(queried.html).toBe(plain.html)
    const payload = await fetch(app.url + payloadPathOf(LAB))
    expect(payload.headers.get(HEADER_ROUTE_KIND)).toBe('static')
  })
})

describe('resolution as in Next.js', () => {
  test("a static page spreading the parent's Open Graph under a metadataBase: 200", async () => {
    const { response, html } = await getDocument(`${LAB}/parent/spread`)
    expect(response.status).toBe(200)
    const head = headOf(html)
    for (const tag of [
      '<title>Spread · Lab</title>',
      '<meta property="og:title" content="Spread parent"/>',
      '<meta property="og:site_name" content="Notebook"/>',
      '<meta property="og:image" content="https://notebook.example/og.png"/>',
      '<meta property="og:image:width" content="1200"/>',
    ]) {
      expect(head).toContain(tag)
    }
  })

  test("a './' canonical is the page's URL under metadataBase, with the newer fields' tags", async () => {
    const { response, html } = await getDocument(`${LAB}/parent/canonical`)
    expect(response.status).toBe(200)
    const head = headOf(html)
    for (const tag of [
      '<link rel="canonical" href="https://notebook.example/lab/metadata/parent/canonical"/>',
      '<link rel="alternate" type="application/rss+xml" title="Notes" href="https://notebook.example/notes/feed"/>',
      '<link rel="next" href="https://notebook.example/lab/metadata/parent/canonical?page=2"/>',
      '<meta name="format-detection" content="telephone=no"/>',
      '<meta name="google-site-verification" content="lab-token"/>',
    ]) {
      expect(head).toContain(tag)
    }
  })
})
