// What a developer waits for (bench/README.md, "Development"): `npm run dev` in a fresh copy of
// the app (no prebundled dependencies, nothing transformed yet) until the first page is served and
// hydrated in Chromium, then a client navigation to a route not loaded yet and the same one again
// once warm. CPU is the dev server's, all its threads, until the first page is hydrated.
import { spawn } from 'node:child_process'
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { chromium, type Page } from 'playwright-core'
import { cpuMs, stop } from './processes.ts'

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

const COPIED = ['src', 'package.json', 'tsconfig.json', 'vite.config.ts']
const CHROMIUM = '/usr/bin/chromium'
const TIMEOUT_MS = 120_000

/** The app without node_modules/.vite, so the dev server starts as after a fresh clone. */
function freshCopy(root: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'bench-dev-'))
  for (const entry of COPIED) cpSync(join(root, entry), join(dir, entry), { recursive: true })
  mkdirSync(join(dir, 'node_modules'))
  for (const entry of readdirSync(join(root, 'node_modules'))) {
    if (entry !== '.vite')
      symlinkSync(join(root, 'node_modules', entry), join(dir, 'node_modules', entry))
  }
  return dir
}

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

export async function measureDevServer(root: string): Promise<DevSample> {
  const dir = freshCopy(root)
  const vite = join(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  )
  const browser = await chromium.launch({ executablePath: CHROMIUM })
  const page = await browser.newPage()
  const start = performance.now()
  const child = spawn(process.execPath, [vite, '--port', '0', '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'development', DATA_DIR: join(dir, 'data') },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let output = ''
      const read = (chunk: Buffer) => {
        output += chunk.toString()
        const found = /Local:\s+(http:\/\/\S+)/.exec(output)?.[1]
        if (found) resolve(found.replace(/\/$/, ''))
      }
      child.stdout.on('data', read)
      child.stderr.on('data', read)
      child.once('exit', (code) =>
        reject(new Error(`vite exited (${code}) before listening:\n${output}`)),
      )
    })
    const readyMs = performance.now() - start
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
    const cpuToHydratedMs = cpuMs(child.pid!)
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
    await stop(child)
    await browser.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
