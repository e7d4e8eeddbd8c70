// How static pages are rendered (docs/caching.md, "Static pages"): detached from the visitor
// (a visitor who leaves cannot degrade what everyone gets), bounded in time (a render that never
// ends answers 500 and is not kept, and the requests waiting on it share that outcome), and seen
// in the browser with the real URL's search params after hydration. /lab/query is a `.js` route
// with JSX (docs/routing.md).
import { describe, expect, test } from 'vitest'
import {
  collectConsoleErrors,
  collectPageErrors,
  gotoHydrated,
  payloadPathOf,
  setupProductionServerAndBrowser,
} from './support/index.ts'

const { app, chromium: browser } = setupProductionServerAndBrowser()

describe('a static page in the browser', () => {
  test('useSearchParams() shows the real query after hydration, with no hydration error', async () => {
    const page = await browser.newPage()
    const errors = collectPageErrors(page)
    const consoleErrors = collectConsoleErrors(page)
    // Another visitor's query first: the stored page must not carry it.
    await fetch(`${app.url}/lab/query?tab=someone-else`)
    await gotoHydrated(page, '/lab/query?tab=mine')
    await page.getByText('Query: tab=mine').waitFor()
    expect(await page.content()).not.toContain('someone-else')
    expect(errors).toEqual([])
    expect(consoleErrors.filter((text) => /hydrat/i.test(text))).toEqual([])
  })
})

describe('renders of static pages', () => {
  test('a visitor who leaves while the HTML renders leaves no degraded HTML behind', async () => {
    const paths = [1, 2, 3].map((n) => `/lab/slow-html/leave-${n}`)
    for (const path of paths) {
      // The payload first (the page is stored), then a document request that gives up mid-HTML.
      expect((await fetch(app.url + payloadPathOf(path))).status).toBe(200)
      const controller = new AbortController()
      const request = fetch(app.url + path, { signal: controller.signal })
      const gaveUp = setTimeout(() => controller.abort(), 150)
      await expect(request).rejects.toThrow()
      clearTimeout(gaveUp)
    }
    for (const path of paths) {
      const html = await (await fetch(app.url + path)).text()
      expect(html, path).toContain('Slow part of render')
    }
  })

  test('a render that never finishes answers 500, is not kept, and is shared by the requests waiting on it', async () => {
    const path = '/lab/stuck/forever'
    const answers = await Promise.all([
      fetch(app.url + path),
      fetch(app.url + payloadPathOf(path)),
      fetch(app.url + path),
    ])
    expect(answers.map((a) => a.status)).toEqual([500, 500, 500])
    const logs = app.server.process.log()
    expect(logs.match(/did not finish within/g)?.length).toBe(1)
    // The server keeps serving.
    expect((await fetch(`${app.url}/about`)).status).toBe(200)
  })
})
