// Accounts and sessions. Passwords are stored as scrypt hashes with a per-user salt; a session
// is a random token in an httpOnly cookie, looked up here on each request.
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto'
import { promisify } from 'node:util'
import { cookies } from '#framework'
import { openAuth } from '#notebook/store'
import type { AuthRecords, Role, StoredUser, User } from './records.ts'

export type { Role, User }

const hash = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
) => Promise<Buffer>
const KEY_LENGTH = 32
export const SESSION_COOKIE = 'session'
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** The demo accounts, created on first start (docs in the README). */
const SEED_ACCOUNTS: { username: string; password: string; role: Role }[] = [
  { username: 'reader', password: 'reader-pass', role: 'member' },
  { username: 'admin', password: 'admin-pass', role: 'admin' },
]

async function hashPassword(password: string, salt: Buffer): Promise<Buffer> {
  return hash(password, salt, KEY_LENGTH)
}

/** The demo accounts with their salts and hashes, made when the store has no accounts. */
function seedUsers(): Promise<StoredUser[]> {
  return Promise.all(
    SEED_ACCOUNTS.map(async ({ username, password, role }) => {
      const salt = randomBytes(16)
      const passwordHash = (await hashPassword(password, salt)).toString('base64')
      return { username, role, salt: salt.toString('base64'), passwordHash }
    }),
  )
}

let database: Promise<AuthRecords> | undefined

function db(): Promise<AuthRecords> {
  // A store that could not be opened (Redis unreachable) is tried again by the next request.
  database ??= openAuth(seedUsers).catch((error: unknown) => {
    database = undefined
    throw error
  })
  return database
}

/** The signed-in user's session token, or null when the name or password is wrong. */
export async function signIn(username: string, password: string): Promise<string | null> {
  const store = await db()
  const user = await store.findUser(username)
  // Hash even for unknown names, so the time taken does not tell which names exist.
  const salt = user ? Buffer.from(user.salt, 'base64') : randomBytes(16)
  const given = await hashPassword(password, salt)
  if (!user || !timingSafeEqual(given, Buffer.from(user.passwordHash, 'base64'))) return null
  const token = randomBytes(32).toString('base64url')
  await store.startSession(token, username, Date.now() + SESSION_TTL_MS)
  return token
}

export async function endSession(token: string): Promise<void> {
  await (await db()).endSession(token)
}

/** The user of this request's session cookie, if it names a live session. */
export async function currentUser(): Promise<User | null> {
  const token = (await cookies()).get(SESSION_COOKIE)?.value
  if (!token) return null
  const store = await db()
  const username = await store.sessionUser(token)
  const user = username === undefined ? undefined : await store.findUser(username)
  return user ? { username: user.username, role: user.role } : null
}

export const SESSION_MAX_AGE_S = SESSION_TTL_MS / 1000
