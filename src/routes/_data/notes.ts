// The notebook's notes (#notebook/store: Redis when REDIS_URL is set, else a JSON file under
// $DATA_DIR, on Node, store.ts; Workers KV on Cloudflare Workers, store.workers.ts).
import { cached } from '#framework'
import { openNotes } from '#notebook/store'
import type { Note, NoteInput, NotesRecords, NotesSeed } from './records.ts'

export type { Note, NoteInput }

/** Cache tag of what is read from the notes; server functions that change a note revalidate it. */
export const NOTES_TAG = 'notes'

const TOPICS = ['garden', 'reading', 'travel', 'recipes', 'work', 'music']

function seed(): NotesSeed {
  const notes = Array.from({ length: 50 }, (_, i): Note => {
    const n = i + 1
    const tag = TOPICS[i % TOPICS.length]!
    return {
      id: String(n),
      title: `Note ${n}: ${tag}`,
      body: `Thoughts about ${tag}, entry number ${n}.`,
      tags: [tag, ...(n % 5 === 0 ? ['favourite'] : [])],
      likes: 0,
      createdAt: new Date(Date.UTC(2026, 0, n)).toISOString(),
    }
  })
  return { nextId: notes.length + 1, notes }
}

let database: Promise<NotesRecords> | undefined

function db(): Promise<NotesRecords> {
  // A store that could not be opened (Redis unreachable) is tried again by the next request.
  database ??= openNotes(seed()).catch((error: unknown) => {
    database = undefined
    throw error
  })
  return database
}

// Reads go through cached(), tagged NOTES_TAG: pages that show notes are static (served from
// memory) until a server function changes a note and revalidates the tag.
const readOptions = (key: string) => ({ key: `notes:${key}`, tags: [NOTES_TAG] })

export const listNotes = cached(
  async (): Promise<Note[]> => (await db()).list(),
  readOptions('list'),
)

export const getNote = cached(
  async (id: string): Promise<Note | undefined> => (await db()).get(id),
  readOptions('get'),
)

export const notesTagged = cached(
  async (tag: string): Promise<Note[]> =>
    (await db()).list().then((notes) => notes.filter((note) => note.tags.includes(tag))),
  readOptions('tagged'),
)

export const allTags = cached(
  async (): Promise<string[]> =>
    [...new Set((await (await db()).list()).flatMap((note) => note.tags))].sort(),
  readOptions('tags'),
)

export async function createNote(input: NoteInput): Promise<Note> {
  return (await db()).create(input)
}

export async function updateNote(id: string, input: NoteInput): Promise<Note | undefined> {
  return (await db()).update(id, input)
}

export async function deleteNote(id: string): Promise<boolean> {
  return (await db()).delete(id)
}

/** One more like, counted whatever other requests (or processes) do meanwhile. */
export async function likeNote(id: string): Promise<number | undefined> {
  return (await db()).like(id)
}
