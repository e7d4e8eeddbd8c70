// The notebook's records in lowdb stores, one JSON document per store: a file on Node (store.ts),
// a Workers KV value on Cloudflare Workers (store.workers.ts). lowdb applies each change to the
// process's copy synchronously and then writes the whole document: right for one process, which
// then cannot lose or tear a write; several processes would each keep their own copy.
import type { Low } from 'lowdb'
import type {
  AuthRecords,
  Note,
  NotesRecords,
  NotesSeed,
  StoredUser,
  UsersSeed,
} from './records.ts'

/** Opens the lowdb store `name`, holding `seed` until something is written. */
export type OpenDocument = <T>(name: string, seed: T) => Promise<Low<T>>

export async function jsonNotes(open: OpenDocument, seed: NotesSeed): Promise<NotesRecords> {
  const store = await open<NotesSeed>('notes', seed)
  return {
    list: async () => store.data.notes,
    get: async (id) => store.data.notes.find((note) => note.id === id),
    async create(input) {
      let note: Note | undefined
      await store.update((data) => {
        note = {
          id: String(data.nextId++),
          ...input,
          likes: 0,
          createdAt: new Date().toISOString(),
        }
        data.notes.push(note)
      })
      return note!
    },
    async update(id, input) {
      let updated: Note | undefined
      await store.update((data) => {
        const note = data.notes.find((n) => n.id === id)
        if (note) updated = Object.assign(note, input)
      })
      return updated
    },
    async delete(id) {
      let deleted = false
      await store.update((data) => {
        const before = data.notes.length
        data.notes = data.notes.filter((n) => n.id !== id)
        deleted = data.notes.length < before
      })
      return deleted
    },
    async like(id) {
      let likes: number | undefined
      await store.update((data) => {
        const note = data.notes.find((n) => n.id === id)
        if (note) likes = ++note.likes
      })
      return likes
    },
  }
}

interface AuthDocument {
  users: StoredUser[]
  sessions: { token: string; username: string; expiresAt: number }[]
}

export async function jsonAuth(open: OpenDocument, seedUsers: UsersSeed): Promise<AuthRecords> {
  const store = await open<AuthDocument>('auth', { users: [], sessions: [] })
  if (store.data.users.length === 0) {
    const users = await seedUsers()
    await store.update((data) => {
      data.users = users
    })
  }
  return {
    findUser: async (username) => store.data.users.find((user) => user.username === username),
    async startSession(token, username, expiresAt) {
      await store.update((data) => {
        const now = Date.now()
        data.sessions = data.sessions.filter((s) => s.expiresAt > now)
        data.sessions.push({ token, username, expiresAt })
      })
    },
    async sessionUser(token) {
      const now = Date.now()
      return store.data.sessions.find((s) => s.token === token && s.expiresAt > now)?.username
    },
    async endSession(token) {
      await store.update((data) => {
        data.sessions = data.sessions.filter((s) => s.token !== token)
      })
    },
  }
}
