// Vitest hooks for a test file: one server and one browser per file, a fresh page per test, and
// everything stopped afterwards, also when a test fails. A failing test prints the server log.
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { closeAllPages, launchBrowser, openPage } from './browser.ts'
import { copyProject, type ProjectCopy } from './project-copy.ts'
import { type RequestLog, withRequestLog } from './requests.ts'
import {
  type DevServerOptions,
  type ProductionServerOptions,
  type RunningServer,
  startDevServer,
  startProductionServer,
} from './servers.ts'

export interface ServerHandle {
  /** The server's origin (available inside tests and hooks that run after the file's setup). */
  readonly url: string
  readonly server: RunningServer
}

const LOG_LINES_ON_FAILURE = 40

export interface ProductionServerHandle extends ServerHandle {
  /**
   * Stops the server and starts another production server on the same data directory (a new
   * port and PID: read `url` and `server` again afterwards).
   */
  restart(): Promise<void>
}

function serverForFile(
  start: (dataDir?: string) => Promise<RunningServer>,
): ServerHandle & { restart(): Promise<void> } {
  let running: RunningServer | undefined
  beforeAll(async () => {
    running = await start()
  })
  beforeEach(({ onTestFailed }) => {
    onTestFailed(() => {
      if (!running) return
      const tail = running.process.output.slice(-LOG_LINES_ON_FAILURE)
      console.error(
        `Last lines of the ${running.process.name} log:\n${tail.map((line) => line.text).join('\n')}`,
      )
    })
  })
  afterAll(async () => {
    await running?.stop()
  })
  const get = (): RunningServer => {
    if (!running) throw new Error('The server is not running (used outside a test?).')
    return running
  }
  const restart = async () => {
    const previous = get()
    running = undefined
    await previous.stop({ keepDataDir: true })
    running = await start(previous.dataDir)
  }
  return {
    get url() {
      return get().url
    },
    get server() {
      return get()
    },
    restart,
  }
}

/** The production build, started once for the test file (`node dist/rsc/server.js`). */
export function setupProductionServer(
  options: ProductionServerOptions = {},
): ProductionServerHandle {
  return serverForFile((dataDir) =>
    startProductionServer(dataDir ? { ...options, dataDir } : options),
  )
}

/**
 * The production build and one Chromium whose pages go to it: what most browser tests need.
 * Named `app` and `chromium` in the test files.
 */
export function setupProductionServerAndBrowser(options: ProductionServerOptions = {}): {
  app: ProductionServerHandle
  chromium: BrowserHandle
} {
  const app = setupProductionServer(options)
  return { app, chromium: setupBrowser(app) }
}

/** The Vite dev server, started once for the test file. */
export function setupDevServer(options: DevServerOptions = {}): ServerHandle {
  return serverForFile(() => startDevServer(options))
}

/** The Vite dev server and one Chromium whose pages go to it. */
export function setupDevServerAndBrowser(options: DevServerOptions = {}): {
  dev: ServerHandle
  chromium: BrowserHandle
} {
  const dev = setupDevServer(options)
  return { dev, chromium: setupBrowser(dev) }
}

/**
 * The Vite dev server on a throwaway copy of the project, for tests that edit the app's source,
 * and a browser for it. The copy is removed after the server has stopped.
 */
export function setupDevServerOnCopy(): {
  project: ProjectCopy
  dev: ServerHandle
  chromium: BrowserHandle
} {
  const project = copyProject()
  afterAll(() => project.remove()) // registered first: runs after the server has stopped
  return { project, ...setupDevServerAndBrowser({ root: project.dir }) }
}

interface NewPageOptions {
  javaScriptEnabled?: boolean
}

export interface BrowserHandle {
  readonly browser: Browser
  /** A page in a fresh context whose relative URLs go to the server; closed after the test. */
  newPage(options?: NewPageOptions): Promise<Page>
  /** A new page (as `newPage()`) and the log of its requests from its first one. */
  newPageWithRequestLog(options?: NewPageOptions): Promise<{ page: Page; requests: RequestLog }>
}

/** Where the pages of a browser go: a server of this kit, or one a test file runs itself. */
export interface Origin {
  /** Read when a page opens, so a server started (or restarted) later is the one used. */
  readonly url: string
}

/** One Chromium for the test file; every page a test opened is closed after it. */
export function setupBrowser(server: Origin): BrowserHandle {
  let browser: Browser | undefined
  beforeAll(async () => {
    browser = await launchBrowser()
  })
  afterEach(async () => {
    if (browser) await closeAllPages(browser)
  })
  afterAll(async () => {
    await browser?.close()
  })
  const get = (): Browser => {
    if (!browser) throw new Error('The browser is not running (used outside a test?).')
    return browser
  }
  const newPage = (options: NewPageOptions = {}) =>
    openPage(get(), { baseURL: server.url, ...options })
  return {
    get browser() {
      return get()
    },
    newPage,
    newPageWithRequestLog: (options) => withRequestLog(newPage(options)),
  }
}

/** How long a page waits under the dev server, which compiles each module on its first request. */
export const DEV_COMPILE_TIMEOUT_MS = 90_000

/** A new page (as `newPage()`) that gives the dev server's first compilations time. */
export async function newDevPage(chromium: BrowserHandle): Promise<Page> {
  const page = await chromium.newPage()
  page.setDefaultTimeout(DEV_COMPILE_TIMEOUT_MS)
  page.setDefaultNavigationTimeout(DEV_COMPILE_TIMEOUT_MS)
  return page
}

/**
 * Asks `request` again while it answers 404: a route written by the test shows once the dev
 * server's file watcher has seen its new folder, which may take a while on a busy machine.
 */
export async function onceRouted<T extends { status: number } | { status(): number }>(
  request: () => Promise<T>,
): Promise<T> {
  for (;;) {
    const response = await request()
    const status = typeof response.status === 'function' ? response.status() : response.status
    if (status !== 404) return response
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}
