import { after } from '#framework'
import { listNotes } from '../../_data/notes.ts'

/** GET /api/notes: every note as JSON. */
export async function GET(): Promise<Response> {
  return Response.json({ notes: await listNotes() })
}

/** POST /api/notes with `{ "query": "..." }`: the notes whose title or body contains it. */
export async function POST(request: Request): Promise<Response> {
  const body: unknown = await request.json().catch(() => null)
  const query = typeof body === 'object' && body && 'query' in body ? body.query : undefined
  if (typeof query !== 'string') {
    return Response.json({ error: 'Send a JSON body with a string "query".' }, { status: 400 })
  }
  const needle = query.toLowerCase()
  const notes = await listNotes()
  const matches = notes.filter((note) =>
    `${note.title} ${note.body}`.toLowerCase().includes(needle),
  )
  // The search log (LOG_REQUESTS=1) is written once the answer has gone out.
  if (process.env.LOG_REQUESTS === '1') {
    after(() => console.log(`[api] search ${JSON.stringify(query)}: ${matches.length} notes`))
  }
  return Response.json({ query, notes: matches })
}
