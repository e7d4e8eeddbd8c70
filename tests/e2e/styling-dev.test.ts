// Styling under the dev server (docs/styling.md): the first document holds the route's
// stylesheets, a client navigation waits for the new route's, and an edit of a stylesheet (global,
// a page's own, a CSS Module of a server or a client component) shows in the open page without a
// reload, which keeps its client state. The edits are made in a copy of the project.
import { describe, expect, test } from 'vitest'
import {
  ACTION_TIMEOUT_MS,
  clickCounter,
  clickLink,
  computedStyle,
  counter,
  delayStylesheets,
  firstStyleOf,
  LAB_STYLED_ROUTES,
  NOTEBOOK_GLOBAL_STYLE,
  RequestLog,
  recordFirstStyles,
  setupDevServerOnCopy,
  waitForHydration,
} from './support/index.ts'

const { project, chromium } = setupDevServerOnCopy()

/** The dev server compiles the app on demand at its first request: more time than a build. */
const FIRST_LOAD = { timeout: 90_000 }
const LAB = 'src/routes/(lab)/lab/styles'
const CSS_DELAY_MS = 500

describe('the first document', () => {
  for (const { path, selector, property, value } of LAB_STYLED_ROUTES) {
    test(`${path} is styled in its first frame`, async () => {
      const page = await chromium.newPage()
      await recordFirstStyles(page, [{ selector, property }, NOTEBOOK_GLOBAL_STYLE])
      await delayStylesheets(page, CSS_DELAY_MS)
      await page.goto(path, FIRST_LOAD)
      await expect(firstStyleOf(page, selector)).resolves.toBe(value)
      await expect(firstStyleOf(page, NOTEBOOK_GLOBAL_STYLE.selector)).resolves.toBe(
        NOTEBOOK_GLOBAL_STYLE.value,
      )
    })
  }
})

test('a client navigation shows a page once its stylesheet has loaded', async () => {
  const page = await chromium.newPage()
  await recordFirstStyles(page, [{ selector: 'p.lab-route-styled', property: 'color' }])
  await page.goto('/lab/styles', FIRST_LOAD)
  await waitForHydration(page, 'header a[href]', FIRST_LOAD)
  await delayStylesheets(page, CSS_DELAY_MS)
  await clickLink(page, '/lab/styles/route')
  await expect(firstStyleOf(page, 'p.lab-route-styled')).resolves.toBe('rgb(0, 128, 0)')
})

describe('an edit of a stylesheet shows without a reload and keeps client state', () => {
  const edits = [
    {
      what: "a page's own .css file",
      path: '/lab/styles/route',
      file: `${LAB}/route/route.css`,
      edit: ['color: rgb(0, 128, 0)', 'color: rgb(128, 0, 128)'],
      selector: 'p.lab-route-styled',
      property: 'color',
      before: 'rgb(0, 128, 0)',
      after: 'rgb(128, 0, 128)',
    },
    {
      what: "a server component's CSS Module",
      path: '/lab/styles/module',
      file: `${LAB}/module/box.module.css`,
      edit: ['solid rgb(0, 0, 255)', 'solid rgb(0, 255, 255)'],
      selector: '[data-testid="module-box"]',
      property: 'border-top-color',
      before: 'rgb(0, 0, 255)',
      after: 'rgb(0, 255, 255)',
    },
    {
      what: "a client component's CSS Module",
      path: '/lab/styles/client',
      file: `${LAB}/client/client-box.module.css`,
      edit: ['solid rgb(255, 0, 0)', 'solid rgb(255, 165, 0)'],
      selector: '[data-testid="client-box"]',
      property: 'outline-color',
      before: 'rgb(255, 0, 0)',
      after: 'rgb(255, 165, 0)',
    },
    {
      what: 'the global CSS of the root layout',
      path: '/lab/styles/route',
      file: 'src/routes/app.css',
      edit: ['gap: 1rem;', 'gap: 1.5rem;'], // the header's, the first in the file
      selector: 'body > header',
      property: 'column-gap',
      before: '16px',
      after: '24px',
    },
  ] as const
  for (const { what, path, file, edit, selector, property, before, after } of edits) {
    test(what, async () => {
      const page = await chromium.newPage()
      await page.goto(path, FIRST_LOAD)
      await waitForHydration(page, 'button.counter', FIRST_LOAD)
      await clickCounter(page, 'Clicked 1 time')
      await expect(computedStyle(page, selector, property)).resolves.toBe(before)
      const requests = RequestLog.start(page)

      project.edit(file, edit[0], edit[1])

      // Vite's update comes over its WebSocket once the dev server has compiled the edit.
      await expect
        .poll(() => computedStyle(page, selector, property), { timeout: ACTION_TIMEOUT_MS })
        .toBe(after)
      expect(requests.documentPaths()).toEqual([])
      await expect(counter(page).textContent()).resolves.toBe('Clicked 1 time')
    })
  }
})
