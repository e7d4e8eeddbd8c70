// Vitest hooks for a test file: one server and one browser per file, a fresh page per test, and
// everything stopped afterwards, also when a test fails. A failing test prints the server log.
import type { Browser, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'
import { closeAllPages, launchBrowser, openPage } from './browser.ts'
import { copyProject, type ProjectCopy } from './project-copy.ts'
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

/** The Vite dev server, started once for the test file. */
export function setupDevServer(options: DevServerOptions = {}): ServerHandle {
  return serverForFile(() => startDevServer(options))
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
  const dev = setupDevServer({ root: project.dir })
  return { project, dev, chromium: setupBrowser(dev) }
}

export interface BrowserHandle {
  readonly browser: Browser
  /** A page in a fresh context whose relative URLs go to the server; closed after the test. */
  newPage(options?: { javaScriptEnabled?: boolean }): Promise<Page>
}

/** One Chromium for the test file; every page a test opened is closed after it. */
export function setupBrowser(server: ServerHandle): BrowserHandle {
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
  return {
    get browser() {
      return get()
    },
    newPage: (options = {}) => openPage(get(), { baseURL: server.url, ...options }),
  }
}
