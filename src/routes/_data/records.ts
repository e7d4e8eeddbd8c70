// What the notebook keeps, and the two stores it keeps it in, as the rest of the app sees them:
// the records of notes.ts and auth.ts. `#notebook/store` opens them (store.ts on Node: Redis when
// REDIS_URL is set, else JSON files; store.workers.ts on Cloudflare Workers: Workers KV).

export interface Note {
  id: string
  title: string
  body: string
  tags: string[]
  likes: number
  createdAt: string
}

export type NoteInput = Pick<Note, 'title' | 'body' | 'tags'>

/** The notes a store holds before anything is written. */
export interface NotesSeed {
  nextId: number
  notes: Note[]
}

export interface NotesRecords {
  /** Every note, oldest first. */
  list(): Promise<Note[]>
  get(id: string): Promise<Note | undefined>
  create(input: NoteInput): Promise<Note>
  update(id: string, input: NoteInput): Promise<Note | undefined>
  delete(id: string): Promise<boolean>
  /** Adds one like, atomically whatever else writes meanwhile; undefined when there is no note. */
  like(id: string): Promise<number | undefined>
}

export type Role = 'member' | 'admin'

export interface User {
  username: string
  role: Role
}

export interface StoredUser extends User {
  salt: string
  passwordHash: string
}

export interface AuthRecords {
  findUser(username: string): Promise<StoredUser | undefined>
  /** Keeps `token` as a session of `username` until `expiresAt` (ms since the epoch). */
  startSession(token: string, username: string, expiresAt: number): Promise<void>
  /** The user name of a live session. */
  sessionUser(token: string): Promise<string | undefined>
  endSession(token: string): Promise<void>
}

/** The accounts a store starts with: made only when it has none (hashing takes a while). */
export type UsersSeed = () => Promise<StoredUser[]>
