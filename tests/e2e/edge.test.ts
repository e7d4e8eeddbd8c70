// What holds at the edge (docs/security.md), against `npm start`'s server over raw HTTP: an
// answer kept for everyone is made against the configured origin, never a visitor's Host or
// absolute-form request target; ALLOWED_HOSTS refuses other hosts with 400; slow headers and
// slow bodies are cut after the configured timeouts; route handler bodies past the limit get 413
// without being buffered. Fixtures: src/routes/(lab)/lab/static-route/ and lab/upload/.
import { connect } from 'node:net'
import { describe, expect, test } from 'vitest'
import {
  adminSession,
  residentBytes,
  sendRaw,
  setupProductionServer,
  streamLargeBody,
} from './support/index.ts'

/** The default origin: the server's own address (`Listening on`). */
const app = setupProductionServer()

/** A configured origin, an allow-list that names 127.0.0.1, and short timeouts. */
const ORIGIN = 'https://notebook.example'
const edge = setupProductionServer({
  env: {
    ORIGIN,
    ALLOWED_HOSTS: '127.0.0.1, *.notebook.test',
    HEADERS_TIMEOUT_MS: '2000',
    REQUEST_TIMEOUT_MS: '4000',
  },
})

const MB = 1024 * 1024

/** `GET target` over a raw connection with `host` as its Host header. */
function rawGet(origin: string, target: string, host: string) {
  return sendRaw(origin, `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`)
}

/** What the static route handler showed of the request its kept answer was made from. */
async function keptUrl(origin: string, path: string): Promise<string> {
  const response = await fetch(origin + path)
  expect(response.status).toBe(200)
  return ((await response.json()) as { url: string }).url
}

describe('answers kept for everyone are made against the configured origin', () => {
  test('a forged Host, then a plain request: the kept answer names the server’s own address', async () => {
    const forged = await rawGet(app.url, '/lab/static-route/forged-host', 'evil.example')
    expect(forged.status).toBe(200)
    expect(await keptUrl(app.url, '/lab/static-route/forged-host')).toBe(
      `${app.url}/lab/static-route/forged-host`,
    )
  })

  test('an absolute-form request target, then a plain request: the same', async () => {
    const { host } = new URL(app.url)
    const target = 'http://attacker.example/lab/static-route/absolute-form'
    const forged = await rawGet(app.url, target, host)
    expect(forged.status).toBe(200)
    expect(await keptUrl(app.url, '/lab/static-route/absolute-form')).toBe(
      `${app.url}/lab/static-route/absolute-form`,
    )
  })

  test('a revalidation started by a forged Host is made against the origin too', async () => {
    const path = '/lab/static-route/revalidated'
    const first = await keptUrl(app.url, path)
    // The lab's revalidation is the admin's (docs/security.md, "The lab").
    const admin = await adminSession(app.url)
    const post = await sendRaw(
      app.url,
      `POST ${path} HTTP/1.1\r\nHost: evil.example\r\nCookie: ${admin}\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`,
    )
    expect(post.status).toBe(204)
    const forged = await rawGet(app.url, path, 'evil.example')
    expect(forged.status).toBe(200)
    expect(await keptUrl(app.url, path)).toBe(first)
  })

  test('ORIGIN names the origin of every kept answer', async () => {
    const forged = await rawGet(edge.url, '/lab/static-route/configured', '127.0.0.1')
    expect(forged.status).toBe(200)
    expect(await keptUrl(edge.url, '/lab/static-route/configured')).toBe(
      `${ORIGIN}/lab/static-route/configured`,
    )
  })
})

describe('ALLOWED_HOSTS', () => {
  test.each([
    ['a Host it does not list', '/about', 'evil.example'],
    ['an absolute-form target naming a host it does not list', 'http://evil.example/about', null],
  ])('%s gets 400', async (_, target, hostHeader) => {
    const response = await rawGet(edge.url, target, hostHeader ?? new URL(edge.url).host)
    expect(response.status).toBe(400)
    expect(response.body.toString()).toMatch(/evil\.example.*not allowed/)
  })

  test.each([
    ['a listed host, on any port', 'app.notebook.test:8443'],
    ['the configured origin’s host', 'notebook.example'],
  ])('%s is served', async (_, host) => {
    const response = await rawGet(edge.url, '/about', host)
    expect(response.status).toBe(200)
  })

  test('unset, every host is served (the default)', async () => {
    const response = await rawGet(app.url, '/about', 'any.example')
    expect(response.status).toBe(200)
  })
})

/**
 * Opens a connection, writes `sent`, then waits without writing more; resolves with what the
 * server sent once it closed the connection, or null if it still had not after `waitMs`.
 */
function stallAfter(origin: string, sent: string, waitMs: number): Promise<string | null> {
  const { hostname, port } = new URL(origin)
  return new Promise((resolve) => {
    let received = ''
    const socket = connect(Number(port), hostname, () => socket.write(sent))
    const timer = setTimeout(() => {
      socket.destroy()
      resolve(null)
    }, waitMs)
    socket.setEncoding('latin1')
    socket.on('data', (data: string) => {
      received += data
    })
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      resolve(received)
    })
  })
}

describe('slow clients are cut (HEADERS_TIMEOUT_MS=2000, REQUEST_TIMEOUT_MS=4000)', () => {
  // Node checks its timeouts about once a second (node/server.ts): the bound leaves room for
  // that and for a loaded machine, far below Node's own 60 s and 300 s.
  const BOUND_MS = 15_000

  test('a client that sends part of its headers, then waits, is answered 408 and cut', async () => {
    const received = await stallAfter(
      edge.url,
      'GET /about HTTP/1.1\r\nHost: 127.0.0.1\r\n',
      BOUND_MS,
    )
    expect(received, 'the connection was still open').not.toBeNull()
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
  })

  test('a client that sends its headers and part of its body, then waits, is answered 408 and cut', async () => {
    const head = 'POST /lab/upload HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n'
    const received = await stallAfter(edge.url, `${head}0123456789`, BOUND_MS)
    expect(received, 'the connection was still open').not.toBeNull()
    expect(received).toMatch(/^HTTP\/1\.1 408 /)
  })
})

describe('route handler bodies past routeHandlers.bodySizeLimit (10 MB) get 413', () => {
  test('a body within the limit is read', async () => {
    const response = await fetch(`${app.url}/lab/upload`, { method: 'POST', body: 'x'.repeat(MB) })
    expect(await response.json()).toEqual({ bytes: MB })
  })

  test('a Content-Length of 400 MB is refused at once, before the body is sent', async () => {
    const head = `POST /lab/upload HTTP/1.1\r\nHost: ${new URL(app.url).host}\r\nContent-Length: ${400 * MB}\r\n\r\n`
    const response = await sendRaw(app.url, `${head}0123456789`)
    expect(response.status).toBe(413)
    expect(response.body.toString()).toMatch(/routeHandlers\.bodySizeLimit/)
  })

  test('a 60 MB chunked body is refused while it streams; memory stays flat', async () => {
    const pid = app.server.process.pid
    const url = `${app.url}/lab/upload`
    // Warm up the refusal path (its code loaded), with a body just over the limit.
    const warmUp = await streamLargeBody(url, {}, { totalBytes: 11 * MB, pauseAfterBytes: 11 * MB })
    expect(warmUp.status).toBe(413)

    const baseline = residentBytes(pid)
    const result = await streamLargeBody(
      url,
      {},
      {
        totalBytes: 60 * MB,
        // Decided while streaming: the answer comes while the body is still open at 11 MB.
        pauseAfterBytes: 11 * MB,
        sample: () => residentBytes(pid),
      },
    )
    expect(result.status, result.response).toBe(413)
    expect(result.sentBeforeAnswer).toBe(11 * MB)
    // A server that kept the body grows by all of it; the garbage collector's timing on a busy
    // machine moves the resident size by a few megabytes either way.
    const growth = result.peakSample - baseline
    expect(growth, `RSS grew by ${(growth / MB).toFixed(1)} MB`).toBeLessThan(30 * MB)
    const next = await fetch(`${app.url}/lab/upload`, { method: 'POST', body: 'ok' })
    expect(await next.json()).toEqual({ bytes: 2 })
  })
})
