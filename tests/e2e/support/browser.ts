// Headless Chromium from the system (never a downloaded browser), and pages with a base URL.
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core'

export const CHROMIUM_PATH = '/usr/bin/chromium'

/** How long a page action or wait may take before it fails (a small machine, a cold browser). */
export const ACTION_TIMEOUT_MS = 15_000

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

export interface PageOptions {
  baseURL: string
  /** False loads documents as a browser with JavaScript off would. Default true. */
  javaScriptEnabled?: boolean
  viewport?: BrowserContextOptions['viewport']
}

/** A page in a fresh context: no cache, cookies or history shared with other tests. */
export async function openPage(browser: Browser, options: PageOptions): Promise<Page> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    viewport: options.viewport ?? { width: 1280, height: 720 },
  })
  context.setDefaultTimeout(ACTION_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(ACTION_TIMEOUT_MS * 2)
  return context.newPage()
}

/** Closes every context (and so every page) of the browser; the browser stays up. */
export async function closeAllPages(browser: Browser): Promise<void> {
  await Promise.all(browser.contexts().map((context) => context.close()))
}
