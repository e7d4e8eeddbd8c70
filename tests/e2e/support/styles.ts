// Computed styles as the user first sees them: read in the first animation frame after an element
// enters the DOM, so a page shown before its stylesheet has loaded is caught unstyled.
import type { Page } from 'playwright-core'
import { expect } from 'vitest'
import { ACTION_TIMEOUT_MS } from './browser.ts'

export interface WatchedStyle {
  selector: string
  /** A CSS property, as getComputedStyle() names it (`border-top-color`). */
  property: string
}

type FirstStyleWindow = Window & { __e2eFirstStyle?: Record<string, string> }

/**
 * Records, for each selector, the computed value of its property in the first animation frame
 * after its element enters the DOM. Call before loading the page. A render-blocking stylesheet
 * holds that frame back too, so what is read is what the first painted frame shows.
 */
export async function recordFirstStyles(page: Page, watched: WatchedStyle[]): Promise<void> {
  await page.addInitScript((entries: WatchedStyle[]) => {
    const win = window as FirstStyleWindow
    const first: Record<string, string> = {}
    win.__e2eFirstStyle = first
    const seen = new Set<string>()
    const check = () => {
      for (const { selector, property } of entries) {
        const element = document.querySelector(selector)
        if (!element || seen.has(selector)) continue
        seen.add(selector)
        requestAnimationFrame(() => {
          first[selector] = getComputedStyle(element).getPropertyValue(property)
        })
      }
    }
    new MutationObserver(check).observe(document, { childList: true, subtree: true })
  }, watched)
}

/** The value recorded for `selector` by recordFirstStyles(), once its frame has come. */
export async function firstStyleOf(page: Page, selector: string): Promise<string> {
  const read = () =>
    page.evaluate((sel) => (window as FirstStyleWindow).__e2eFirstStyle?.[sel], selector)
  await expect.poll(read, { timeout: ACTION_TIMEOUT_MS }).toBeDefined()
  return (await read()) ?? ''
}

/** The computed value of a property of the first element `selector` matches, now. */
export function computedStyle(page: Page, selector: string, property: string): Promise<string> {
  return page
    .locator(selector)
    .first()
    .evaluate((element, name) => getComputedStyle(element).getPropertyValue(name), property)
}

/** Holds every stylesheet response back by `delayMs`, so CSS that is not waited for shows late. */
export async function delayStylesheets(page: Page, delayMs: number): Promise<void> {
  await page.route(/\.css(\?|$)/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, delayMs))
    await route.continue()
  })
}

/**
 * Each lab route with CSS of its own (src/routes/(lab)/lab/styles): an element it styles, a
 * property and the value it sets.
 */
export const LAB_STYLED_ROUTES = [
  {
    what: "a page's own .css file",
    path: '/lab/styles/route',
    selector: 'p.lab-route-styled',
    property: 'color',
    value: 'rgb(0, 128, 0)',
  },
  {
    what: "a server component's CSS Module",
    path: '/lab/styles/module',
    selector: '[data-testid="module-box"]',
    property: 'border-top-color',
    value: 'rgb(0, 0, 255)',
  },
  {
    what: "a client component's CSS Module",
    path: '/lab/styles/client',
    selector: '[data-testid="client-box"]',
    property: 'outline-color',
    value: 'rgb(255, 0, 0)',
  },
  {
    what: "a layout's own .css file",
    path: '/lab/styles/nested',
    selector: 'section.lab-nested-layout',
    property: 'padding-left',
    value: '17px',
  },
] as const

/** The global CSS of the root layout (src/routes/app.css): the header is a flex row. */
export const NOTEBOOK_GLOBAL_STYLE = {
  selector: 'body > header',
  property: 'display',
  value: 'flex',
}
