// What a developer waits for (bench/README.md, "Development"): `npm run dev` in a fresh copy of
// the app (no prebundled dependencies, nothing transformed yet) until the first page is served and
// hydrated in Chromium, then a client navigation to a route not loaded yet and the same one again
// once warm. CPU is the dev server's, all its threads, until the first page is hydrated.
import { performance } from 'node:perf_hooks'
import type { Page } from 'playwright-core'
import { launchBrowser } from '../../tests/e2e/support/browser.ts'
import { copyProject } from '../../tests/e2e/support/project-copy.ts'
import { startDevServer } from '../../tests/e2e/support/servers.ts'
import { cpuMs } from './processes.ts'

export interface DevSample {
  /** Spawn to Vite's "Local:" line. */
  readyMs: number
  /** Spawn to the end of the first document's answer. */
  firstDocumentMs: number
  /** Spawn to the first page's header link carrying React's props. */
  hydratedMs: number
  /** The dev server's CPU time when the first page was hydrated. */
  cpuToHydratedMs: number
  /** Click on "Notes" (never loaded) to its heading on screen. */
  firstNavigationMs: number
  /** The same navigation again, everything transformed. */
  warmNavigationMs: number
}

const TIMEOUT_MS = 120_000

const hydrated = (page: Page) =>
  page.waitForFunction(
    () => {
      const link = document.querySelector('header a[href]')
      return link !== null && Object.keys(link).some((key) => key.startsWith('__reactProps$'))
    },
    null,
    { timeout: TIMEOUT_MS },
  )

async function navigate(page: Page, linkText: string, heading: string): Promise<number> {
  const start = performance.now()
  await page.click(`header a:text-is("${linkText}")`)
  await page.waitForSelector(`h1:text-is("${heading}")`, { timeout: TIMEOUT_MS })
  return performance.now() - start
}

/**
 * The app without node_modules/.vite (so the dev server starts as after a fresh clone), served and
 * browsed with the end-to-end tests' own parts: their Chromium flags keep it off the network.
 */
export async function measureDevServer(): Promise<DevSample> {
  const copy = copyProject()
  const browser = await launchBrowser().catch((error: unknown) => {
    copy.remove()
    throw error
  })
  try {
    const page = await browser.newPage()
    const start = performance.now()
    const server = await startDevServer({ root: copy.dir })
    try {
      const readyMs = performance.now() - start
      const { url } = server
      let firstDocumentMs = 0
      page.on('requestfinished', (request) => {
        if (request.url() === `${url}/` && !firstDocumentMs)
          firstDocumentMs = performance.now() - start
      })
      const answer = await page.goto(`${url}/`, { timeout: TIMEOUT_MS })
      if (answer?.status() !== 200)
        throw new Error(`the dev server's first page answered ${answer?.status()}`)
      await hydrated(page)
      const hydratedMs = performance.now() - start
      const cpuToHydratedMs = cpuMs(server.process.pid)
      const firstNavigationMs = await navigate(page, 'Notes', 'All notes')
      await navigate(page, 'Home', 'Notebook')
      const warmNavigationMs = await navigate(page, 'Notes', 'All notes')
      return {
        readyMs,
        firstDocumentMs,
        hydratedMs,
        cpuToHydratedMs,
        firstNavigationMs,
        warmNavigationMs,
      }
    } finally {
      // Waited for: a dev server left running would keep the bench from exiting.
      await server.stop()
    }
  } finally {
    await browser.close()
    copy.remove()
  }
}
