// route.ts handlers (contract section 2): one function per HTTP method, 405 with `Allow` for the
// others. src/routes/api/notes/route.ts exports GET and POST.
import { expect, test } from 'vitest'
import { setupProductionServer } from './support/index.ts'

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
