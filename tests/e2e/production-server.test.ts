// The production server (docs/embedding.md): long-lived cache headers for hashed assets,
// compression that keeps streaming, graceful shutdown on SIGTERM, and `npm start`.
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import {
  CLIENT_ASSETS_DIR,
  chunkIndexOf,
  getChunks,
  STATS_LOADING_TEXT,
  setupProductionServer,
  startCommand,
  startProductionServer,
} from './support/index.ts'

const app = setupProductionServer()

const IMMUTABLE = 'public, max-age=31536000, immutable'

describe('static assets', () => {
  test('every file under /assets/ is served with a year-long immutable Cache-Control', async () => {
    const files = readdirSync(CLIENT_ASSETS_DIR)
    expect(files.some((file) => file.endsWith('.js'))).toBe(true)
    for (const file of files) {
      const response = await fetch(`${app.url}/assets/${file}`)
      expect(response.status, file).toBe(200)
      expect(response.headers.get('cache-control'), file).toBe(IMMUTABLE)
      await response.arrayBuffer()
    }
  })

  test('the scripts and stylesheets a document references are immutable assets', async () => {
    const html = await (await fetch(`${app.url}/`)).text()
    const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!)
    expect(assets.some((path) => path.endsWith('.js'))).toBe(true)
    expect(assets.some((path) => path.endsWith('.css'))).toBe(true)
    for (const path of new Set(assets)) {
      const response = await fetch(app.url + path)
      expect(response.status, path).toBe(200)
      expect(response.headers.get('cache-control'), path).toBe(IMMUTABLE)
      await response.arrayBuffer()
    }
  })

  test('an error answered for a hashed asset is not kept: a 416 for a range past its end, a 404', async () => {
    const file = readdirSync(CLIENT_ASSETS_DIR).find((name) => name.endsWith('.js'))!
    const size = statSync(join(CLIENT_ASSETS_DIR, file)).size
    const url = `${app.url}/assets/${file}`
    for (const method of ['GET', 'HEAD']) {
      const beyond = await fetch(url, { method, headers: { range: `bytes=${size + 10}-` } })
      expect(beyond.status, method).toBe(416)
      expect(beyond.headers.get('cache-control'), method).toBe('no-store')
      await beyond.arrayBuffer()
    }
    const missing = await fetch(`${app.url}/assets/missing-0a1b2c3d.js`)
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('private, no-store')
    await missing.arrayBuffer()
    // The file itself, whole or in part, and HEAD: kept for a year, as before.
    for (const [method, range, status] of [
      ['GET', 'bytes=0-9', 206],
      ['HEAD', undefined, 200],
    ] as const) {
      const response = await fetch(url, { method, headers: range ? { range } : {} })
      expect(response.status, method).toBe(status)
      expect(response.headers.get('cache-control'), method).toBe(IMMUTABLE)
      await response.arrayBuffer()
    }
  })

  test('documents are not cached as immutable', async () => {
    const response = await fetch(`${app.url}/`)
    expect(response.headers.get('cache-control') ?? '').not.toContain('immutable')
    await response.arrayBuffer()
  })
})

describe('compression', () => {
  test.each(['gzip', 'br'])(
    'HTML is %s-compressed when the client accepts it',
    async (encoding) => {
      const response = await getChunks(`${app.url}/notes`, {
        accept: 'text/html',
        'accept-encoding': encoding,
      })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      expect(response.body).toContain('All notes')
      expect(response.body.trimEnd()).toMatch(/<\/html>$/)
    },
  )

  test('HTML is sent uncompressed to a client that does not ask for compression', async () => {
    const response = await getChunks(`${app.url}/notes`, { accept: 'text/html' })
    expect(response.status).toBe(200)
    expect(response.headers['content-encoding']).toBeUndefined()
    expect(response.body).toContain('All notes')
  })

  test.each(['gzip', 'br'])(
    'a %s-compressed /stats still streams: the skeleton arrives before the content',
    async (encoding) => {
      const response = await getChunks(`${app.url}/stats`, {
        accept: 'text/html',
        'accept-encoding': encoding,
      })
      expect(response.status).toBe(200)
      expect(response.headers['content-encoding']).toBe(encoding)
      const skeleton = chunkIndexOf(response.chunks, STATS_LOADING_TEXT)
      const content = chunkIndexOf(response.chunks, 'data-testid="stats"')
      expect(skeleton).toBeGreaterThanOrEqual(0)
      expect(content).toBeGreaterThan(skeleton)
    },
  )

  test('the RSC payload is compressed too', async () => {
    const response = await getChunks(`${app.url}/notes_.rsc`, { 'accept-encoding': 'gzip' })
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/x-component/)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.body).toContain('All notes')
  })
})

test('a streamed document and payload leave no warning in the server log', async () => {
  const from = app.server.process.output.length
  for (const path of ['/bench/dynamic', '/bench/dynamic_.rsc']) {
    const response = await getChunks(app.url + path, { 'accept-encoding': 'gzip' })
    expect(response.status, path).toBe(200)
    const plain = await fetch(app.url + path)
    expect(plain.status, path).toBe(200)
    await plain.arrayBuffer()
  }
  // Node prints a warning (MaxListenersExceededWarning, ...) on stderr once per response it concerns.
  const warnings = app.server.process.output
    .slice(from)
    .filter((line) => line.stream === 'stderr' && /Warning/.test(line.text))
  expect(warnings.map((line) => line.text)).toEqual([])
})

test('SIGTERM lets an in-flight slow request finish with 200, then the server exits with code 0', async () => {
  const server = await startProductionServer()
  try {
    // fetch resolves once the headers (and the streamed shell) are in; /stats is still rendering.
    const response = await fetch(`${server.url}/stats`)
    expect(response.status).toBe(200)
    server.process.signal('SIGTERM')
    const body = await response.text()
    expect(body).toContain('data-testid="stats"')
    expect(body.trimEnd()).toMatch(/<\/html>$/)
    expect(await server.process.exited).toEqual({ code: 0, signal: null })
  } finally {
    await server.stop()
  }
})

test('`npm start` serves the production build', async () => {
  const server = await startCommand('npm', ['start'])
  try {
    const response = await fetch(`${server.url}/notes/3`)
    expect(response.status).toBe(200)
    expect(await response.text()).toContain('Note id: <!-- -->3')
  } finally {
    await server.stop()
  }
})
