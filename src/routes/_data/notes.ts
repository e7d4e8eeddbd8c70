// The notebook's notes, in the store `notes` (#notebook/store: a JSON file under $DATA_DIR on
// Node, store.ts; Workers KV on Cloudflare Workers, store.workers.ts).
import type { Low } from 'lowdb'
import { cached } from '#framework'
import { openStore } from '#notebook/store'

export interface Note {
  id: string
  title: string
  body: string
  tags: string[]
  likes: number
  createdAt: string
}

interface Data {
  nextId: number
  notes: Note[]
}

/** Cache tag of what is read from the notes; server functions that change a note revalidate it. */
export const NOTES_TAG = 'notes'

const TOPICS = ['garden', 'reading', 'travel', 'recipes', 'work', 'music']

function seed(): Data {
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

let database: Promise<Low<Data>> | undefined

function db(): Promise<Low<Data>> {
  database ??= openStore<Data>('notes', seed())
  return database
}

// Reads go through cached(), tagged NOTES_TAG: pages that show notes are static (served from
// memory) until a server function changes a note and revalidates the tag.
const readOptions = (key: string) => ({ key: `notes:${key}`, tags: [NOTES_TAG] })

export const listNotes = cached(
  async (): Promise<Note[]> => (await db()).data.notes,
  readOptions('list'),
)

export const getNote = cached(
  async (id: string): Promise<Note | undefined> =>
    (await db()).data.notes.find((note) => note.id === id),
  readOptions('get'),
)

export const notesTagged = cached(
  async (tag: string): Promise<Note[]> =>
    (await db()).data.notes.filter((note) => note.tags.includes(tag)),
  readOptions('tagged'),
)

export const allTags = cached(
  async (): Promise<string[]> =>
    [...new Set((await db()).data.notes.flatMap((note) => note.tags))].sort(),
  readOptions('tags'),
)

export type NoteInput = Pick<Note, 'title' | 'body' | 'tags'>

export async function createNote(input: NoteInput): Promise<Note> {
  const store = await db()
  let note: Note | undefined
  await store.update((data) => {
    note = { id: String(data.nextId++), ...input, likes: 0, createdAt: new Date().toISOString() }
    data.notes.push(note)
  })
  return note!
}

export async function updateNote(id: string, input: NoteInput): Promise<Note | undefined> {
  const store = await db()
  let updated: Note | undefined
  await store.update((data) => {
    const note = data.notes.find((n) => n.id === id)
    if (note) updated = Object.assign(note, input)
  })
  return updated
}

export async function deleteNote(id: string): Promise<boolean> {
  const store = await db()
  let deleted = false
  await store.update((data) => {
    const before = data.notes.length
    data.notes = data.notes.filter((n) => n.id !== id)
    deleted = data.notes.length < before
  })
  return deleted
}

export async function likeNote(id: string): Promise<number | undefined> {
  const store = await db()
  let likes: number | undefined
  await store.update((data) => {
    const note = data.notes.find((n) => n.id === id)
    if (note) likes = ++note.likes
  })
  return likes
}
