// Accounts and sessions. Passwords are stored as scrypt hashes with a per-user salt; a session
// is a random token in an httpOnly cookie, looked up here on each request.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import type { Low } from 'lowdb'
import { cookies } from '#framework'
import { openStore } from '#notebook/store'

const hash = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>
const KEY_LENGTH = 32
export const SESSION_COOKIE = 'session'
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

export type Role = 'member' | 'admin'

export interface User {
  username: string
  role: Role
}

interface StoredUser extends User {
  salt: string
  passwordHash: string
}

interface AuthData {
  users: StoredUser[]
  sessions: { token: string; username: string; expiresAt: number }[]
}

/** The demo accounts, created on first start (docs in the README). */
const SEED_ACCOUNTS: { username: string; password: string; role: Role }[] = [
  { username: 'reader', password: 'reader-pass', role: 'member' },
  { username: 'admin', password: 'admin-pass', role: 'admin' },
]

async function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return hash(password, salt, KEY_LENGTH)
}

let database: Promise<Low<AuthData>> | undefined

function db(): Promise<Low<AuthData>> {
  database ??= (async () => {
    const store = await openStore<AuthData>('auth', {
      users: [],
      sessions: [],
    })
    if (store.data.users.length === 0) {
      const users = await Promise.all(
        SEED_ACCOUNTS.map(async ({ username, password, role }) => {
          const salt = randomBytes(16)
          const passwordHash = (await hashPassword(password, salt)).toString('base64')
          return { username, role, salt: salt.toString('base64'), passwordHash }
        }),
      )
      await store.update((data) => {
        data.users = users
      })
    }
    return store
  })()
  return database
}

/** The signed-in user's session token, or null when the name or password is wrong. */
export async function signIn(username: string, password: string): Promise<string | null> {
  const store = await db()
  const user = store.data.users.find((u) => u.username === username)
  // Hash even for unknown names, so the time taken does not tell which names exist.
  const salt = user ? Buffer.from(user.salt, 'base64') : randomBytes(16)
  const given = await hashPassword(password, salt)
  if (!user || !timingSafeEqual(given, Buffer.from(user.passwordHash, 'base64'))) return null
  const token = randomBytes(32).toString('base64url')
  await store.update((data) => {
    const now = Date.now()
    data.sessions = data.sessions.filter((s) => s.expiresAt > now)
    data.sessions.push({ token, username, expiresAt: now + SESSION_TTL_MS })
  })
  return token
}

export async function endSession(token: string): Promise<void> {
  const store = await db()
  await store.update((data) => {
    data.sessions = data.sessions.filter((s) => s.token !== token)
  })
}

/** The user of this request's session cookie, if it names a live session. */
export async function currentUser(): Promise<User | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value
  if (!token) return null
  const store = await db()
  const session = store.data.sessions.find((s) => s.token === token && s.expiresAt > Date.now())
  const user = session && store.data.users.find((u) => u.username === session.username)
  return user ? { username: user.username, role: user.role } : null
}

export const SESSION_MAX_AGE_S = SESSION_TTL_MS / 1000
