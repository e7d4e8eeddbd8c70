// Styling (docs/styling.md) against the production build: global CSS, a page's and a layout's own
// CSS, CSS Modules of server and client components. Each stylesheet is in the first document's
// head, before the content it styles; on a client navigation the new route's stylesheets have
// loaded before the route shows (read in the first frame it is in the DOM, with the CSS held
// back); and a stylesheet, once inserted, stays when the route that brought it is left.
import { describe, expect, test } from 'vitest'
import {
  clickCounter,
  clickLink,
  computedStyle,
  counter,
  delayStylesheets,
  firstStyleOf,
  gotoHydrated,
  LAB_STYLED_ROUTES,
  NOTEBOOK_GLOBAL_STYLE,
  recordFirstStyles,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium } = setupProductionServerAndBrowser()

const INDEX = '/lab/styles'
/** Longer than a stylesheet takes to load here: a route shown without waiting is seen unstyled. */
const CSS_DELAY_MS = 500

const STYLED = LAB_STYLED_ROUTES

/** The stylesheet links of a document's HTML, and where its head ends and its body begins. */
function stylesheetsOf(html: string) {
  const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)]
  return {
    hrefs: links.map((match) => match[1]),
    allInHead: links.every((match) => (match.index ?? 0) < html.indexOf('</head>')),
  }
}

describe('the first document', () => {
  test('holds every stylesheet of the route in its head, before the body', async () => {
    for (const { path } of STYLED) {
      const html = await (await fetch(app.url + path, { headers: { accept: 'text/html' } })).text()
      const { hrefs, allInHead } = stylesheetsOf(html)
      // The root layout's global CSS and the route's own.
      expect(hrefs.length, path).toBe(2)
      expect(allInHead, path).toBe(true)
    }
  })

  test("orders the server components' stylesheets, global CSS first, before the client components'", async () => {
    // As a client navigation adds them: a later stylesheet wins a tie, the same way on both paths.
    const html = await (
      await fetch(`${app.url}/lab/styles/client`, { headers: { accept: 'text/html' } })
    ).text()
    const precedences = [...html.matchAll(/<link rel="stylesheet"[^>]*>/g)].map(
      ([link]) => /data-precedence="([^"]+)"/.exec(link)?.[1],
    )
    expect(precedences).toEqual(['vite-rsc/importer-resources', 'vite-rsc/client-reference'])
  })

  test("keeps that order when a navigation adds a server component's stylesheet", async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, '/lab/styles/client')
    await clickLink(page, INDEX)
    await clickLink(page, '/lab/styles/route')
    await page.locator('p.lab-route-styled').waitFor()
    const precedences = await page.evaluate(() =>
      [...document.querySelectorAll('link[rel="stylesheet"][data-precedence]')].map(
        (link) => (link as HTMLElement).dataset.precedence,
      ),
    )
    expect(precedences).toEqual([
      'vite-rsc/importer-resources',
      'vite-rsc/importer-resources',
      'vite-rsc/client-reference',
    ])
  })

  for (const { what, path, selector, property, value } of STYLED) {
    test(`${what} (${path}) styles the first frame, with the global CSS`, async () => {
      const page = await chromium.newPage()
      await recordFirstStyles(page, [{ selector, property }, NOTEBOOK_GLOBAL_STYLE])
      await delayStylesheets(page, CSS_DELAY_MS)
      await page.goto(path)
      await expect(firstStyleOf(page, selector)).resolves.toBe(value)
      await expect(firstStyleOf(page, NOTEBOOK_GLOBAL_STYLE.selector)).resolves.toBe(
        NOTEBOOK_GLOBAL_STYLE.value,
      )
    })
  }
})

describe('client navigations', () => {
  for (const { what, path, selector, property, value } of STYLED) {
    test(`to ${what} (${path}): the stylesheet has loaded before the route shows`, async () => {
      const page = await chromium.newPage()
      await recordFirstStyles(page, [{ selector, property }])
      await gotoHydrated(page, INDEX)
      await clickCounter(page, 'Clicked 1 time')
      await delayStylesheets(page, CSS_DELAY_MS)
      await clickLink(page, path)
      await expect(firstStyleOf(page, selector)).resolves.toBe(value)
      // A client navigation: the root layout's client state is still there.
      await expect(counter(page).textContent()).resolves.toBe('Clicked 1 time')
    })
  }
})

// React keeps a stylesheet rendered with `precedence` once it is in the document (plugin-rsc
// renders every route stylesheet so): leaving the route leaves it, and its rules, in place.
describe('leaving a route', () => {
  test("keeps the route's stylesheet in the document, and coming back loads nothing", async () => {
    const page = await chromium.newPage()
    await gotoHydrated(page, INDEX)
    // The stylesheets React placed (a prefetched client component's CSS comes without precedence).
    const sheets = () =>
      page.evaluate(() =>
        [...document.querySelectorAll('link[rel="stylesheet"][data-precedence]')].map((link) =>
          link.getAttribute('href'),
        ),
      )
    const before = await sheets()
    await clickLink(page, '/lab/styles/route')
    await page.locator('p.lab-route-styled').waitFor()
    const onRoute = await sheets()
    const added = onRoute.filter((href) => !before.includes(href))
    expect(added).toHaveLength(1)

    await page.goBack()
    await page.getByRole('heading', { name: 'Styles' }).waitFor()
    expect(await sheets()).toEqual(expect.arrayContaining(added))
    // Its rules apply to whatever matches them now: a page's plain class names are global.
    await page.evaluate(() => {
      const probe = document.createElement('p')
      probe.className = 'lab-route-styled'
      probe.id = 'probe'
      document.body.append(probe)
    })
    await expect(computedStyle(page, '#probe', 'color')).resolves.toBe('rgb(0, 128, 0)')
    await page.evaluate(() => document.getElementById('probe')?.remove())

    const cssRequests: string[] = []
    page.on('request', (request) => {
      if (request.resourceType() === 'stylesheet') cssRequests.push(request.url())
    })
    await clickLink(page, '/lab/styles/route')
    await page.locator('p.lab-route-styled').waitFor()
    expect(cssRequests).toEqual([])
    expect((await sheets()).filter((href) => href === added[0])).toHaveLength(1)
  })
})

// The notebook's note dialog (src/routes/notes/@modal/_modal.tsx) is styled by a CSS Module of
// its client component: present in the frame the dialog first shows in.
test("the notebook's note dialog is styled by its CSS Module when it opens", async () => {
  const page = await chromium.newPage()
  const backdrop = 'div:has(> dialog[open])'
  await recordFirstStyles(page, [{ selector: backdrop, property: 'position' }])
  await gotoHydrated(page, '/notes')
  await delayStylesheets(page, CSS_DELAY_MS)
  await clickLink(page, '/notes/3')
  await page.getByRole('dialog', { name: 'Note 3: travel' }).waitFor()
  await expect(firstStyleOf(page, backdrop)).resolves.toBe('fixed')
  // Its class names are the module's own, not the words written in the file.
  const className = await page.locator(backdrop).getAttribute('class')
  expect(className).not.toBe('backdrop')
  expect(className).toContain('backdrop')
})
