// Embedding (docs/embedding.md): the built rsc entry exports `createRequestHandler()`, a plain
// `(Request) => Promise<Response>` that any Fetch-standard server can mount.
import type { RequestListener } from 'node:http'
import { createRequestListener } from '@remix-run/node-fetch-server'
import { expect, test } from 'vitest'
import { type FetchHandler, listen, setupBuiltEntry } from './support/index.ts'

interface BuiltEntry {
  createRequestHandler: () => FetchHandler
  createNodeRequestListener: (handler: FetchHandler) => RequestListener
  default: FetchHandler
}

const build = setupBuiltEntry<BuiltEntry>([
  'createRequestHandler',
  'createNodeRequestListener',
  'default',
])

test('createRequestHandler() answers a Request for a page with its HTML', async () => {
  const handler = build.entry.createRequestHandler()
  const response = await handler(new Request('http://localhost/notes/3'))
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^text\/html/)
  const html = await response.text()
  expect(html.replaceAll('<!-- -->', '')).toContain('Note id: 3')
  expect(html.trimEnd()).toMatch(/<\/html>$/)
})

test('the handler answers payloads, route handlers and unknown URLs like the server does', async () => {
  const handler = build.entry.createRequestHandler()
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
  const response = await build.entry.default(new Request('http://localhost/about'))
  expect(response.status).toBe(200)
  expect(await response.text()).toContain('<h1>About</h1>')
})

async function serve(listener: RequestListener, use: (origin: string) => Promise<void>) {
  const server = await listen(listener)
  try {
    await use(server.url)
  } finally {
    await server.close()
  }
}

test('mounted with createNodeRequestListener(), it serves documents, payloads and HEAD', async () => {
  const listener = build.entry.createNodeRequestListener(build.entry.createRequestHandler())
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
  await serve(createRequestListener(build.entry.createRequestHandler()), async (origin) => {
    const page = await fetch(`${origin}/notes/3`)
    expect(page.status).toBe(200)
    expect((await page.text()).replaceAll('<!-- -->', '')).toContain('Note id: 3')

    const api = await fetch(`${origin}/api/notes`, { method: 'DELETE' })
    expect(api.status).toBe(405)
    expect(api.headers.get('allow')).toContain('GET')
  })
})
