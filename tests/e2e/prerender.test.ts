// Prerendering at build time (docs/caching.md, "Prerendering at build time"): `npm run build`
// renders the static routes and the params generateStaticParams() lists into dist/prerender, and
// `npm start` serves them from the first request without rendering them. The pages show when
// they were rendered ("Rendered at …"): a prerendered page shows the build's time, earlier than
// the server's start, and the very bytes the build wrote.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import type { PrerenderManifest } from '../../src/framework/static/prerendered.ts'
import {
  adminSession,
  copyProject,
  createDataDir,
  DIST_DIR,
  findFreePort,
  HANDLER_ENTRY,
  ManagedProcess,
  NOT_FOUND_TEXT,
  type RunningServer,
  removeDataDir,
  setupProductionServerAndBrowser,
  startProductionServer,
  VITE_BIN,
  waitForHydration,
} from './support/index.ts'

const PRERENDER_DIR = join(DIST_DIR, 'prerender')
let serverStartedAt = 0
beforeAll(() => {
  serverStartedAt = Date.now() // registered before the server's own hook: it starts after this
})
const { app, chromium } = setupProductionServerAndBrowser()

function manifest(): PrerenderManifest {
  return JSON.parse(readFileSync(join(PRERENDER_DIR, 'manifest.json'), 'utf8'))
}

function builtPage(pathname: string) {
  const page = manifest().pages[pathname]
  if (!page) throw new Error(`${pathname} was not prerendered`)
  return {
    ...page,
    htmlText: readFileSync(join(PRERENDER_DIR, page.html.file), 'utf8'),
    payloadText: readFileSync(join(PRERENDER_DIR, page.payload.file), 'utf8'),
  }
}

/** The time a page says it was rendered at (its HTML or its payload). */
function renderedAt(text: string): string {
  const found = /Rendered at ([0-9TZ:.-]+)/.exec(text)
  if (!found) throw new Error(`No render time in: ${text.slice(0, 200)}`)
  return found[1]!
}

async function getDocument(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers: { accept: 'text/html', ...headers } })
  return { response, text: await response.text() }
}

async function getPayload(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${app.url}${path}_.rsc`, { headers })
  return { response, text: await response.text() }
}

/** The lab's revalidation is the admin's (docs/security.md, "The lab"). */
async function revalidate(query: string): Promise<void> {
  const response = await fetch(`${app.url}/lab/prerender/revalidate?${query}`, {
    method: 'POST',
    headers: { cookie: await adminSession(app.url) },
  })
  expect(response.status).toBe(204)
}

describe('npm run build', () => {
  test('writes each listed page, its HTML and payload, and names what it left to request time', () => {
    const routes = new Map(manifest().routes.map((route) => [route.route, route]))
    expect(routes.get('docs/[...slug]/page.tsx')).toMatchObject({
      kind: 'prerendered',
      pathnames: ['/docs/getting-started', '/docs/guides/routing', '/docs/guides/streaming'],
    })
    // The page's generateStaticParams() ran once per category its layout listed.
    expect(routes.get('(lab)/lab/prerender/[category]/[item]/page.tsx')).toMatchObject({
      kind: 'prerendered',
      pathnames: [
        '/lab/prerender/fruit/apple',
        '/lab/prerender/fruit/pear',
        '/lab/prerender/vegetables/leek',
      ],
    })
    expect(routes.get('(site)/about/page.tsx')).toMatchObject({ kind: 'static' })
    expect(routes.get('(lab)/lab/prerender/request/page.tsx')).toMatchObject({ kind: 'dynamic' })
    expect(routes.get('stats/page.tsx')).toMatchObject({ kind: 'dynamic' })
    expect(routes.get('notes/[id]/page.tsx')).toMatchObject({ kind: 'on-demand' })
    const guide = builtPage('/docs/guides/routing')
    expect(guide.html).toMatchObject({ status: 200 })
    expect(guide.html.headers['content-type']).toMatch(/^text\/html/)
    expect(guide.payload.headers['content-type']).toBe('text/x-component')
    expect(renderedAt(guide.htmlText)).toBe(renderedAt(guide.payloadText))
    expect(existsSync(join(PRERENDER_DIR, builtPage('/').html.file))).toBe(true)
  })

  test('export const revalidate = N: the prerendered page expires N seconds after its render', () => {
    const timed = builtPage('/lab/prerender/timed')
    expect(timed.dataExpiresAt).toBe(timed.renderedAt + 3600 * 1000)
  })
})

describe('npm start', () => {
  test('serves a prerendered page from its first request: the bytes the build wrote', async () => {
    const built = builtPage('/docs/guides/routing')
    expect(Date.parse(renderedAt(built.htmlText))).toBeLessThan(serverStartedAt)
    const document = await getDocument('/docs/guides/routing')
    expect(document.response.status).toBe(200)
    expect(document.text).toBe(built.htmlText)
    expect(document.response.headers.get('etag')).toBe(built.html.etag)
    expect(document.response.headers.get('cache-control')).toBe('no-cache')
    const payload = await getPayload('/docs/guides/routing')
    expect(payload.text).toBe(built.payloadText)
    expect(payload.response.headers.get('etag')).toBe(built.payload.etag)
    expect(payload.response.headers.get('x-rsc-route-kind')).toBe('static')
    const again = await getPayload('/docs/guides/routing', { 'if-none-match': built.payload.etag })
    expect(again.response.status).toBe(304)
  })

  test('in the browser, the guides and the links between them show the build’s render', async () => {
    const page = await chromium.newPage()
    await page.goto('/docs/getting-started')
    await waitForHydration(page)
    const first = builtPage('/docs/getting-started')
    await page.getByText(`Rendered at ${renderedAt(first.htmlText)}`).waitFor()
    await page.getByRole('link', { name: 'guides/streaming' }).click()
    const target = builtPage('/docs/guides/streaming')
    await page.getByText(`Rendered at ${renderedAt(target.payloadText)}`).waitFor()
    expect(new URL(page.url()).pathname).toBe('/docs/guides/streaming')
  })

  test('dynamicParams = false: a path the guides do not list is not found, document and payload', async () => {
    const page = await chromium.newPage({ javaScriptEnabled: false })
    const response = await page.goto('/docs/not-a-guide')
    expect(response?.status()).toBe(404)
    await page.getByText(NOT_FOUND_TEXT).waitFor()
    const payload = await getPayload('/docs/guides/not-a-guide')
    expect(payload.response.status).toBe(404)
    expect(payload.response.headers.get('content-type')).toBe('text/x-component')
    expect(payload.text).toContain(NOT_FOUND_TEXT)
  })

  test('dynamicParams (true by default): other params render on demand, then are kept', async () => {
    const first = await getDocument('/lab/prerender/fruit/kiwi')
    expect(first.response.status).toBe(200)
    expect(first.text).toContain('Category: fruit')
    expect(Date.parse(renderedAt(first.text))).toBeGreaterThanOrEqual(serverStartedAt)
    const second = await getDocument('/lab/prerender/fruit/kiwi')
    expect(renderedAt(second.text)).toBe(renderedAt(first.text))
    expect(second.response.headers.get('etag')).toBe(first.response.headers.get('etag'))
  })

  test('revalidatePath() drops a prerendered page: the next request renders it again, and keeps it', async () => {
    const built = builtPage('/docs/getting-started')
    expect(renderedAt((await getDocument('/docs/getting-started')).text)).toBe(
      renderedAt(built.htmlText),
    )
    await revalidate('path=/docs/getting-started')
    const fresh = await getDocument('/docs/getting-started')
    expect(Date.parse(renderedAt(fresh.text))).toBeGreaterThanOrEqual(serverStartedAt)
    expect(fresh.response.headers.get('etag')).not.toBe(built.html.etag)
    const kept = await getPayload('/docs/getting-started')
    expect(renderedAt(kept.text)).toBe(renderedAt(fresh.text))
  })

  test('with the memory store, a page that showed cached() data renders on its first request', async () => {
    // The notes may have changed in an earlier process on the same data (before a restart): the
    // build's page could be stale, and this process cannot know it.
    expect(builtPage('/lab/prerender/vegetables/leek').tags).toContain('notes')
    const first = await getPayload('/lab/prerender/vegetables/leek')
    expect(first.response.status).toBe(200)
    expect(Date.parse(renderedAt(first.text))).toBeGreaterThanOrEqual(serverStartedAt)
    const kept = await getPayload('/lab/prerender/vegetables/leek')
    expect(kept.text).toBe(first.text)
  })

  test('export const revalidate = 1: a page a second old is rendered again on the next request', async () => {
    const first = renderedAt((await getDocument('/lab/prerender/timed/second')).text)
    await new Promise((resolve) => setTimeout(resolve, 1100))
    const next = await getDocument('/lab/prerender/timed/second')
    expect(next.response.headers.get('cache-control')).toBe('no-cache')
    expect(Date.parse(renderedAt(next.text))).toBeGreaterThan(Date.parse(first))
  })

  test('a route the build found dynamic is dynamic from the first request: its prefetch is 204', async () => {
    const prefetch = await fetch(`${app.url}/lab/prerender/request_.rsc`, {
      headers: { 'x-rsc-prefetch': '1' },
    })
    expect(prefetch.status).toBe(204)
    const document = await getDocument('/lab/prerender/request')
    expect(document.response.headers.get('cache-control')).toBe('private, no-store')
    expect(document.text).toContain('Agent: known')
  })
})

describe('with Redis: the build’s pages are checked against the invalidations processes share', () => {
  let redis: ManagedProcess | undefined
  let redisUrl = ''
  const servers: RunningServer[] = []
  beforeAll(async () => {
    const port = await findFreePort()
    redis = ManagedProcess.spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { name: 'redis-server', cwd: DIST_DIR },
    )
    await redis.waitForLine(/Ready to accept connections/)
    redisUrl = `redis://127.0.0.1:${port}`
  })
  afterAll(async () => {
    for (const server of servers) await server.stop()
    await redis?.stop()
  })
  async function start(): Promise<RunningServer> {
    const server = await startProductionServer({
      env: { REDIS_URL: redisUrl },
    })
    servers.push(server)
    return server
  }
  const payloadOf = async (server: RunningServer, path: string) =>
    (await fetch(`${server.url}${path}_.rsc`)).text()

  test('revalidateTag() drops a page that showed the tag’s data, in this process and the next', async () => {
    const built = builtPage('/lab/prerender/fruit/apple')
    const first = await start()
    expect(await payloadOf(first, '/lab/prerender/fruit/apple')).toBe(built.payloadText)
    const response = await fetch(`${first.url}/lab/prerender/revalidate?tag=notes`, {
      method: 'POST',
      headers: { cookie: await adminSession(first.url) },
    })
    expect(response.status).toBe(204)
    const fresh = await payloadOf(first, '/lab/prerender/fruit/apple')
    expect(Date.parse(renderedAt(fresh))).toBeGreaterThanOrEqual(serverStartedAt)
    // A process started after the change (a restart) knows of it from Redis.
    const second = await start()
    const again = await payloadOf(second, '/lab/prerender/fruit/apple')
    expect(renderedAt(again)).not.toBe(renderedAt(built.payloadText))
    // A page that showed no notes is still the build's.
    expect(await payloadOf(second, '/docs/guides/routing')).toBe(
      builtPage('/docs/guides/routing').payloadText,
    )
  })
})

describe('embedding: createRequestHandler() of the built entry', () => {
  type Entry = { createRequestHandler(options?: { prerendered?: string | false }): Handler }
  type Handler = (request: Request) => Promise<Response>
  let entry: Entry
  let dataDir = ''
  beforeAll(async () => {
    vi.stubEnv('NODE_ENV', 'production')
    dataDir = createDataDir()
    vi.stubEnv('DATA_DIR', dataDir)
    entry = await import(/* @vite-ignore */ pathToFileURL(HANDLER_ENTRY).href)
  })
  afterAll(() => {
    vi.unstubAllEnvs()
    removeDataDir(dataDir)
  })

  test('serves the build’s prerendered pages by default, or none with prerendered: false', async () => {
    const built = builtPage('/docs/guides/streaming')
    const request = () => new Request('http://localhost/docs/guides/streaming')
    const served = await entry.createRequestHandler()(request())
    expect(await served.text()).toBe(built.htmlText)
    const own = await entry.createRequestHandler({ prerendered: false })(request())
    expect(own.status).toBe(200)
    expect(Date.parse(renderedAt(await own.text()))).toBeGreaterThanOrEqual(serverStartedAt)
  })
})

/** The gzip bytes of the scripts and module preloads of a page a build in `dir` prerendered. */
function scriptsGzipBytes(dir: string, pathname: string): number {
  const built = JSON.parse(readFileSync(join(dir, 'dist/prerender/manifest.json'), 'utf8'))
  const html = readFileSync(join(dir, 'dist/prerender', built.pages[pathname].html.file), 'utf8')
  const scripts = new Set(
    Array.from(html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g), (m) => m[1]!),
  )
  return [...scripts].reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(dir, 'dist/client', file))).length,
    0,
  )
}

describe('a build whose page fails while prerendering', () => {
  const project = copyProject()
  afterAll(() => project.remove())

  async function build(): Promise<{ code: number | null; output: string }> {
    const child = ManagedProcess.spawn(process.execPath, [VITE_BIN, 'build'], {
      name: 'vite build of a copy',
      cwd: project.dir,
      env: { ...process.env, NODE_ENV: 'production', DATA_DIR: createDataDir() },
    })
    const { code } = await child.exited
    return { code, output: child.output.map((line) => line.text).join('\n') }
  }

  function addPage(folder: string, source: string): void {
    const dir = join(project.dir, 'src/routes', folder)
    mkdirSync(dir, { recursive: true })
    writeFileSync(join(dir, 'page.tsx'), source)
  }

  test('fails, naming the route and its file; a page that read the request first is dynamic', async () => {
    addPage('boom', "export default function Boom() {\n  throw new Error('boom at build')\n}\n")
    addPage(
      'read-then-boom',
      "import { cookies } from '#framework'\n\nexport default async function ReadThenBoom() {\n  if (!(await cookies()).get('session')) throw new Error('no session')\n  return <p>session</p>\n}\n",
    )
    const failed = await build()
    expect(failed.code).not.toBe(0)
    expect(failed.output).toContain(
      'Error occurred prerendering page "/boom" (src/routes/boom/page.tsx): Error: boom at build',
    )
    expect(failed.output).not.toContain('prerendering page "/read-then-boom"')
    // The build's own failure is printed with its stack, above the message that names it.
    expect(failed.output).toMatch(/\[server error\] digest=\d+\nError: boom at build\n\s+at /)

    rmSync(join(project.dir, 'src/routes/boom'), { recursive: true })
    const built = await build()
    expect(built.code).toBe(0)
    // One line per route, at the end of the build: the route, its size, its first-load JS (gzip),
    // what it is.
    expect(built.output).toMatch(
      /^\/docs\/\[\.\.\.slug\] +[\d.]+ kB +[\d.]+ kB {2}prerendered with params \(3 pages\)$/m,
    )
    expect(built.output).toMatch(/^\/read-then-boom +[\d.]+ kB {2}dynamic \(read the request\)$/m)
    // The first-load JS is what the route's document loads: the scripts its HTML references.
    const about = /^\/about +[\d.]+ kB +([\d.]+) kB {2}static$/m.exec(built.output)
    expect(about).not.toBeNull()
    expect(about![1]).toBe((scriptsGzipBytes(project.dir, '/about') / 1000).toFixed(2))
    expect(built.output).not.toContain('no session')
    // The lab's deliberate failures are not the build's: no server error is printed for them,
    // and a page that showed one says so in its line (docs/caching.md, "What the build reports").
    expect(built.output).not.toContain('[server error]')
    expect(built.output).not.toMatch(/^\s+at /m)
    expect(built.output).toMatch(
      /^\/lab\/slots\/boom +[\d.]+ kB {2}not prerendered \(\/lab\/slots\/boom showed an error while prerendering, Error: The side slot failed on purpose\.; npm start logs its stack, with a digest, when the page is requested\)$/m,
    )
  }, 180_000) // two whole builds of the app
})
