// Request memoization of fetch() (server/fetch-memo.ts, docs/caching.md "Request memoization"):
// identical GET fetches made while one request renders go out once; nothing is kept for the next
// request, nor shared with a concurrent one; route handlers, server functions, a signal or another
// method opt out.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ReactNode } from 'react'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { HEADER_ACTION_ID, toPayloadUrl } from '../../src/framework/wire/protocol.ts'
import {
  documentRequest,
  makeHandler,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'
import { reactServer } from './support/react-server.ts'

const html = startHtmlRendererForFile()

/** A tiny upstream that counts the requests it answers, by path. */
let server: Server
let origin = ''
const hits = new Map<string, number>()

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/'
    hits.set(path, (hits.get(path) ?? 0) + 1)
    response.end(`${path} #${hits.get(path)} ${request.headers['x-lang'] ?? ''}`.trim())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))
beforeEach(() => hits.clear())

const upstream = (path: string, init?: RequestInit) =>
  fetch(`${origin}${path}`, init).then((response) => response.text())

/** A layout and its page that read the same URL, as the App Router's request memoization expects. */
async function Layout({ children }: { children: ReactNode }) {
  const text = await upstream('/data')
  return (
    <html lang="en">
      <body>
        <p>{`layout: ${text}`}</p>
        {children}
      </body>
    </html>
  )
}

const modules = {
  'layout.tsx': { default: Layout },
  'page.tsx': {
    default: async () => <p>{`page: ${await upstream('/data')}`}</p>,
    dynamic: 'force-dynamic',
  },
  'headers/page.tsx': {
    default: async () => {
      const [a, b] = await Promise.all([
        upstream('/data', { headers: { 'x-lang': 'fr' } }),
        upstream('/data', { headers: { 'x-lang': 'fr' } }),
      ])
      return <p>{`page: ${a} / ${b}`}</p>
    },
    dynamic: 'force-dynamic',
  },
  'opt-out/page.tsx': {
    default: async () => {
      const signal = new AbortController().signal
      const post = { method: 'POST', body: 'x' }
      await Promise.all([upstream('/plain'), upstream('/plain')])
      await Promise.all([upstream('/signal', { signal }), upstream('/signal', { signal })])
      await Promise.all([upstream('/post', post), upstream('/post', post)])
      return <p>opted out</p>
    },
    dynamic: 'force-dynamic',
  },
  'api/route.ts': {
    GET: async () => Response.json([await upstream('/api'), await upstream('/api')]),
  },
}

describe('fetch() while a request renders', () => {
  it('a layout and its page asking for the same URL make one request, and each gets the body', async () => {
    const handler = makeHandler(html, modules)
    const first = visibleHtml(await (await handler(documentRequest('/'))).text())
    expect(first).toContain('layout: /data #1')
    expect(first).toContain('page: /data #1')
    expect(hits.get('/data')).toBe(1)
    // Nothing is kept for the next request.
    const second = visibleHtml(await (await handler(documentRequest('/'))).text())
    expect(second).toContain('page: /data #2')
    expect(hits.get('/data')).toBe(2)
  })

  it('the same URL with other headers is another fetch; the same headers share one', async () => {
    const handler = makeHandler(html, modules)
    const text = visibleHtml(await (await handler(documentRequest('/headers'))).text())
    expect(text).toContain('layout: /data #1')
    expect(text).toContain('page: /data #2 fr / /data #2 fr')
    expect(hits.get('/data')).toBe(2)
  })

  it('concurrent requests each make their own', async () => {
    const handler = makeHandler(html, modules)
    await Promise.all(
      Array.from({ length: 4 }, async () => (await handler(documentRequest('/'))).text()),
    )
    expect(hits.get('/data')).toBe(4)
  })

  it('in the same render, a fetch with a signal, or with another method, is never memoized', async () => {
    const handler = makeHandler(html, modules)
    expect((await handler(documentRequest('/opt-out'))).status).toBe(200)
    expect(hits.get('/plain')).toBe(1)
    expect(hits.get('/signal')).toBe(2)
    expect(hits.get('/post')).toBe(2)
  })

  it('a server function fetches each time; the render of its answer shares its fetches', async () => {
    const fetchTwice = Object.assign(
      async () => [await upstream('/action'), await upstream('/action')],
      { $$typeof: Symbol.for('react.server.reference') },
    )
    const handler = makeHandler(html, modules, {
      react: { ...reactServer, loadServerAction: async () => fetchTwice },
    })
    const response = await handler(
      new Request(new URL(toPayloadUrl('/'), 'http://app.test'), {
        method: 'POST',
        headers: { [HEADER_ACTION_ID]: 'functions#fetchTwice' },
        body: '[]',
      }),
    )
    expect(response.status).toBe(200)
    const payload = await response.text()
    expect(hits.get('/action')).toBe(2)
    expect(hits.get('/data')).toBe(1)
    expect(payload.includes('page: /data #1')).toBe(true)
  })

  it('a route handler and code outside a request fetch each time', async () => {
    const handler = makeHandler(html, modules)
    const response = await handler(new Request('http://app.test/api'))
    expect(await response.json()).toEqual(['/api #1', '/api #2'])
    expect([await upstream('/outside'), await upstream('/outside')]).toEqual([
      '/outside #1',
      '/outside #2',
    ])
  })
})
