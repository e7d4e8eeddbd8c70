// Embedding (docs/embedding.md): the built rsc entry exports `createRequestHandler()`, a plain
// `(Request) => Promise<Response>` that any Fetch-standard server can mount.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { createRequestListener } from '@remix-run/node-fetch-server'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { assertBuilt, createDataDir, HANDLER_ENTRY, removeDataDir } from './support/index.ts'

type FetchHandler = (request: Request) => Promise<Response>

interface BuiltEntry {
  createRequestHandler: () => FetchHandler
  createNodeRequestListener: (handler: FetchHandler) => RequestListener
  default: FetchHandler
}

function isBuiltEntry(value: unknown): value is BuiltEntry {
  if (typeof value !== 'object' || value === null) return false
  const entry = value as Record<string, unknown>
  return (
    typeof entry.createRequestHandler === 'function' &&
    typeof entry.createNodeRequestListener === 'function' &&
    typeof entry.default === 'function'
  )
}

let entry: BuiltEntry
let dataDir: string | undefined

beforeAll(async () => {
  assertBuilt()
  // As an embedder runs it: the production build of React and of the framework. The app's data
  // goes to a fresh directory, as with the test servers.
  vi.stubEnv('NODE_ENV', 'production')
  dataDir = createDataDir()
  vi.stubEnv('DATA_DIR', dataDir)
  const loaded: unknown = await import(/* @vite-ignore */ pathToFileURL(HANDLER_ENTRY).href)
  if (!isBuiltEntry(loaded)) {
    throw new Error(`${HANDLER_ENTRY} does not export createRequestHandler() and a default handler`)
  }
  entry = loaded
})

afterAll(() => {
  vi.unstubAllEnvs()
  if (dataDir) removeDataDir(dataDir)
})

test('createRequestHandler() answers a Request for a page with its HTML', async () => {
  const handler = entry.createRequestHandler()
  const response = await handler(new Request('http://localhost/notes/3'))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await response.text()
  expect(html.replaceAll('<!-- -->', '')).toContain('Note id: 3')
  expect(html.trimEnd()).toMatch(/<\/html>$/)
})

test('the handler answers payloads, route handlers and unknown URLs like the server does', async () => {
  const handler = entry.createRequestHandler()
  const payload = await handler(new Request('http://localhost/notes/3_.rsc'))
  expect(payload.status).toBe(200)
  expect(payload.headers.get('content-type')).toMatch(/^text\/x-component/)
  expect(await payload.text()).toContain('Note id: ')

  const api = await handler(
    new Request('http://localhost/api/notes', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: 'travel' }),
    }),
  )
  expect(api.status).toBe(200)
  expect(((await api.json()) as { query: string }).query).toBe('travel')

  const missing = await handler(new Request('http://localhost/no/such/page'))
  expect(missing.status).toBe(404)
  expect(await missing.text()).toContain('This page could not be found.')
})

test('the default export is a ready-made handler', async () => {
  const response = await entry.default(new Request('http://localhost/about'))
  expect(response.status).toBe(200)
  expect(await response.text()).toContain('<h1>About</h1>')
})

async function serve(listener: RequestListener, use: (origin: string) => Promise<void>) {
  const server: Server = createServer(listener)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    await use(`http://127.0.0.1:${port}`)
  } finally {
    server.closeAllConnections()
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    )
  }
}

test('mounted with createNodeRequestListener(), it serves documents, payloads and HEAD', async () => {
  const listener = entry.createNodeRequestListener(entry.createRequestHandler())
  await serve(listener, async (origin) => {
    const page = await fetch(`${origin}/notes/3`)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const html = await page.text()
    expect(html.replaceAll('<!-- -->', '')).toContain('Note id: 3')
    expect(html.trimEnd()).toMatch(/<\/html>$/)

    const payload = await fetch(`${origin}/notes/3_.rsc`)
    expect(payload.headers.get('content-type')).toMatch(/^text\/x-component/)
    expect(await payload.text()).toContain('Note id: ')

    const head = await fetch(`${origin}/notes/3`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toMatch(/^text\/html/)
    expect(await head.text()).toBe('')
  })
})

test('mounted in a plain node:http server with createRequestListener, it serves pages', async () => {
  await serve(createRequestListener(entry.createRequestHandler()), async (origin) => {
    const page = await fetch(`${origin}/notes/3`)
    expect(page.status).toBe(200)
    expect((await page.text()).replaceAll('<!-- -->', '')).toContain('Note id: 3')

    const api = await fetch(`${origin}/api/notes`, { method: 'DELETE' })
    expect(api.status).toBe(405)
    expect(api.headers.get('allow')).toContain('GET')
  })
})
