// Fallback screens are not indexable (docs/errors.md): every render of one, the app's own
// (src/routes/notes/not-found.tsx, the scoped lab's screens) or the framework's default, carries
// `<meta name="robots" content="noindex">` exactly once: in the document before the first byte,
// after the shell has streamed, and after a client navigation. A page shown after it has none.
import type { Page } from 'playwright-core'
import { describe, expect, test } from 'vitest'
import {
  linkTo,
  NOT_FOUND_TEXT,
  NOTE_NOT_FOUND_TEXT,
  SCOPED_LAB_TEXTS,
  settle,
  setupProductionServerAndBrowser,
  waitForHydration,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const ROBOTS_META = /<meta name="robots"[^>]*>/g
const NOINDEX_META = /^<meta name="robots" content="noindex"\s*\/?>$/

async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Page> {
  const page = await chromium.newPage(options)
  return page
}

/** The robots meta tags of the HTML, leaving out the scripts (the inlined payload). */
function robotsMetasInHtml(html: string): string[] {
  const markup = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
  return markup.match(ROBOTS_META) ?? []
}

/** The robots meta elements in the page's DOM, as `content` values. */
function robotsMetasInDom(page: Page): Promise<(string | null)[]> {
  return page
    .locator('meta[name="robots"]')
    .evaluateAll((metas) => metas.map((meta) => meta.getAttribute('content')))
}

async function expectOneNoindex(page: Page): Promise<void> {
  await settle(page)
  expect(await robotsMetasInDom(page)).toEqual(['noindex'])
}

/** Pages with links to the screens, and their headings. */
const LAB = { path: '/lab', heading: 'Framework lab' }
const SCOPED_LAB = { path: '/lab/scoped', heading: 'Scoped lab' }

const SCREENS = [
  {
    what: "the notes section's own not-found.tsx",
    text: NOTE_NOT_FOUND_TEXT,
    path: '/notes/999',
    from: SCOPED_LAB,
  },
  {
    what: 'the default 404 screen',
    text: NOT_FOUND_TEXT,
    path: '/lab/interrupt/not-found',
    from: LAB,
  },
  {
    what: "the scoped lab's not-found.tsx",
    text: SCOPED_LAB_TEXTS[404],
    path: '/lab/scoped/not-found',
    from: SCOPED_LAB,
  },
]

describe.each(SCREENS)('$what', ({ text, path, from }) => {
  test('before the first byte: the 404 document has it once, in the HTML and in the page', async () => {
    const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(404)
    const metas = robotsMetasInHtml(await response.text())
    expect(metas).toHaveLength(1)
    expect(metas[0]).toMatch(NOINDEX_META)

    const page = await open()
    expect((await page.goto(path))?.status()).toBe(404)
    await waitForHydration(page)
    await page.getByText(text, { exact: true }).first().waitFor()
    await expectOneNoindex(page)
  })

  test('after a client navigation: once, and gone again on the next page', async () => {
    const page = await open()
    await page.goto(from.path)
    await waitForHydration(page)
    expect(await robotsMetasInDom(page)).toEqual([])
    await linkTo(page, path).click()
    await page.getByText(text, { exact: true }).first().waitFor()
    await expectOneNoindex(page)
    await page.goBack()
    await page.getByRole('heading', { level: 1, name: from.heading }).waitFor()
    await settle(page)
    expect(await robotsMetasInDom(page)).toEqual([])
  })
})

describe.each([
  { what: 'the default 404 screen', text: NOT_FOUND_TEXT, path: '/lab/interrupt/not-found?late=1' },
  {
    what: "the scoped lab's not-found.tsx",
    text: SCOPED_LAB_TEXTS[404],
    path: '/lab/scoped/not-found?late=1',
  },
])('after the shell has streamed: $what', ({ text, path }) => {
  test('the HTML has it once', async () => {
    const response = await fetch(app.url + path, { headers: { accept: 'text/html' } })
    expect(response.status).toBe(200)
    const metas = robotsMetasInHtml(await response.text())
    expect(metas).toHaveLength(1)
    expect(metas[0]).toMatch(NOINDEX_META)
  })

  test('without JavaScript, the page has it once', async () => {
    const page = await open({ javaScriptEnabled: false })
    expect((await page.goto(path))?.status()).toBe(200)
    expect(await robotsMetasInDom(page)).toEqual(['noindex'])
  })

  test('the page shows the screen with it once', async () => {
    const page = await open()
    expect((await page.goto(path))?.status()).toBe(200)
    await page.getByText(text, { exact: true }).first().waitFor()
    await expectOneNoindex(page)
  })
})
