// Page-level helpers: waiting for hydration, watching what the user sees appear, scroll, errors.
import type { Locator, Page } from 'playwright-core'

/**
 * Waits until React has hydrated the element (it carries React's props), so a click on it is
 * handled by the app and not by the browser alone. Defaults to a link of the page's header.
 */
export async function waitForHydration(
  page: Page,
  selector = 'header a[href]',
  options: { timeout?: number } = {},
): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const element = document.querySelector(sel)
      return element !== null && Object.keys(element).some((key) => key.startsWith('__reactProps$'))
    },
    selector,
    options,
  )
}

/** Loads `path` as a document and waits until the page is interactive. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  const response = await page.goto(path)
  if (!response?.ok()) throw new Error(`GET ${path} answered ${response?.status()}`)
  await waitForHydration(page)
}

/**
 * Clicks the first link to `href` and waits until the resulting URL is `href`. For client
 * navigations the new page's content is the caller's to wait for.
 */
export async function clickLink(page: Page, href: string): Promise<void> {
  await linkTo(page, href).click()
  await page.waitForURL((url) => url.pathname + url.search === href)
}

export function linkTo(page: Page, href: string): Locator {
  return page.locator(`a[href="${href}"]`).first()
}

export function scrollY(page: Page): Promise<number> {
  return page.evaluate(() => window.scrollY)
}

/**
 * Waits for two animation frames: whatever the page was about to render (a transition whose data
 * has arrived) has been committed and painted by then.
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
      ),
  )
}

type SeenWindow = Window & { __e2eSeen?: string[] }

/**
 * Records, for each text, the moment it first becomes visible to the user (part of the body's
 * rendered text). Call before loading the page; read the order with `textsSeen()`. Hidden
 * elements (streamed content not yet revealed, templates, scripts) do not count.
 */
export async function watchTexts(page: Page, texts: string[]): Promise<void> {
  await page.addInitScript((watched: string[]) => {
    const win = window as SeenWindow
    const seen: string[] = []
    win.__e2eSeen = seen
    const check = () => {
      // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, without hidden parts
      const text = document.body?.innerText ?? ''
      for (const candidate of watched) {
        if (!seen.includes(candidate) && text.includes(candidate)) seen.push(candidate)
      }
    }
    new MutationObserver(check).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
      attributes: true,
    })
  }, texts)
}

/** The watched texts that have become visible so far, in the order they did. */
export function textsSeen(page: Page): Promise<string[]> {
  return page.evaluate(() => [...((window as SeenWindow).__e2eSeen ?? [])])
}

/** Uncaught errors of the page (including React's hydration errors), collected as they happen. */
export function collectPageErrors(page: Page): Error[] {
  const errors: Error[] = []
  page.on('pageerror', (error) => errors.push(error))
  return errors
}

/** The texts of the page's console errors (a blocked navigation, a hydration mismatch), as logged. */
export function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text())
  })
  return errors
}

/** The number of entries in the tab's session history. */
export function historyLength(page: Page): Promise<number> {
  return page.evaluate(() => history.length)
}

/** The URL's path and query, e.g. `/notes?sort=new`. */
export function pathOf(page: Page): string {
  const url = new URL(page.url())
  return url.pathname + url.search
}

/** What Vite's error overlay shows (development), read from its shadow root. */
export interface OverlayText {
  message: string
  file: string
  frame: string
  stack: string
  /** How many overlays the page shows. */
  count: number
}

/** Waits for Vite's error overlay in `page` and reads it. */
export async function overlayOf(page: Page, timeout?: number): Promise<OverlayText> {
  await page.locator('vite-error-overlay').first().waitFor({ state: 'attached', timeout })
  return page.evaluate(() => {
    const overlays = document.querySelectorAll('vite-error-overlay')
    const root = overlays[0]!.shadowRoot!
    const part = (selector: string) => root.querySelector(selector)?.textContent ?? ''
    return {
      message: part('.message-body'),
      file: part('.file'),
      frame: part('.frame'),
      stack: part('.stack'),
      count: overlays.length,
    }
  })
}
