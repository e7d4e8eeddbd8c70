// route.ts handlers (docs/routing.md): one function per HTTP method, 405 with `Allow` for the
// others. src/routes/api/notes/route.ts exports GET and POST.
import { describe, expect, test } from 'vitest'
import { setupProductionServer, waitForLoggedError } from './support/index.ts'

const app = setupProductionServer()

interface NoteJson {
  id: string
  title: string
  body: string
  tags: string[]
}

test('GET /api/notes answers every note as JSON', async () => {
  const response = await fetch(`${app.url}/api/notes`)
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const { notes } = (await response.json()) as { notes: NoteJson[] }
  expect(notes).toHaveLength(50)
  expect(notes[2]).toMatchObject({ id: '3', title: 'Note 3: travel' })
})

test('POST /api/notes with a query answers the matching notes as JSON', async () => {
  const response = await fetch(`${app.url}/api/notes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: 'garden' }),
  })
  expect(response.status).toBe(200)
  expect(response.headers.get('content-type')).toMatch(/^application\/json/)
  const body = (await response.json()) as { query: string; notes: NoteJson[] }
  expect(body.query).toBe('garden')
  expect(body.notes.length).toBeGreaterThan(0)
  for (const note of body.notes) expect(`${note.title} ${note.body}`).toContain('garden')
})

test.each(['DELETE', 'PUT', 'PATCH'])(
  '%s /api/notes answers 405 with an Allow header naming GET and POST',
  async (method) => {
    const response = await fetch(`${app.url}/api/notes`, { method })
    expect(response.status).toBe(405)
    const allow = (response.headers.get('allow') ?? '').split(/,\s*/)
    expect(allow).toEqual(expect.arrayContaining(['GET', 'POST']))
    expect(allow).not.toContain(method)
  },
)

// /lab/handler/[kind] (src/routes/(lab)/lab/handler/[kind]/route.ts) answers GET and POST with
// what `kind` names: an interrupt of the lab, a broken result, or a proper Response.
const HANDLER_FILE = '(lab)/lab/handler/[kind]/route.ts'

describe('a handler that fails or returns no Response answers 500, and the server keeps serving', () => {
  test.each([
    [
      'undefined',
      `TypeError: ${HANDLER_FILE}: POST returned undefined; a route handler must return a Response`,
    ],
    [
      'null',
      `TypeError: ${HANDLER_FILE}: POST returned null; a route handler must return a Response`,
    ],
    [
      'string',
      `TypeError: ${HANDLER_FILE}: POST returned a string; a route handler must return a Response`,
    ],
    [
      'object',
      `TypeError: ${HANDLER_FILE}: POST returned an Object; a route handler must return a Response`,
    ],
    ['rejected', 'Error: The lab route handler rejected.'],
    ['thrown-string', 'a string thrown by the lab route handler'],
  ])('POST /lab/handler/%s', async (kind, logged) => {
    const response = await fetch(`${app.url}/lab/handler/${kind}`, { method: 'POST' })
    expect(response.status).toBe(500)
    expect(response.statusText).toBe('Internal Server Error')
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    const body = await response.text()
    // The digest alone: the message and the stack are in the log only (development shows them).
    const digest = body.match(/^Internal Server Error \(digest (\d+)\)\n$/)?.[1]
    expect(digest, body).toBeDefined()
    const error = await waitForLoggedError(app.server.process, digest!)
    expect(error.detail[0]).toBe(logged)

    // The same process answers the next requests.
    expect(app.server.process.hasExited).toBe(false)
    expect((await fetch(`${app.url}/lab/handler/ok`, { method: 'POST' })).status).toBe(200)
    expect((await fetch(`${app.url}/api/notes`)).status).toBe(200)
  })
})

describe('redirect() in a route handler', () => {
  test.each([
    ['GET', 'redirect', 307],
    ['HEAD', 'redirect', 307],
    ['POST', 'redirect', 303],
    ['GET', 'permanent-redirect', 308],
    ['POST', 'permanent-redirect', 308],
  ])('%s /lab/handler/%s answers %i', async (method, kind, status) => {
    const response = await fetch(`${app.url}/lab/handler/${kind}`, { method, redirect: 'manual' })
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe('/about')
  })

  test('a form posted to the handler lands on the redirect target with a GET', async () => {
    const response = await fetch(`${app.url}/lab/handler/redirect`, {
      method: 'POST',
      body: new URLSearchParams({ field: 'value' }),
    })
    expect(response.status).toBe(200)
    expect(new URL(response.url).pathname).toBe('/about')
  })
})
