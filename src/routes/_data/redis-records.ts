// The notebook's records in Redis, which every server process sharing it sees at once: what
// `WORKERS=N` and several machines need (docs/deploying.md). Every change is one atomic Redis
// operation (a command, a MULTI or a Lua script), never a read-modify-write of a whole document,
// so that concurrent requests in different processes lose nothing: a like is HINCRBY.
//
// Keys, under `notebook:`: `notes:last-id` (the last id given; also says the notes were seeded),
// `notes:ids` (a sorted set of ids, scored by id: the order of the list), `note:<id>` (a hash:
// id, title, body, tags as JSON, likes, createdAt), `user:<name>` (the account, JSON) and
// `session:<token>` (the user name, expiring with the session); `users:seeded` says the demo
// accounts were made.
import { Redis } from 'ioredis'
import type {
  AuthRecords,
  Note,
  NotesRecords,
  NotesSeed,
  StoredUser,
  UsersSeed,
} from './records.ts'

const PREFIX = 'notebook:'
const LAST_ID = `${PREFIX}notes:last-id`
const IDS = `${PREFIX}notes:ids`
const USERS_SEEDED = `${PREFIX}users:seeded`
const noteKey = (id: string) => `${PREFIX}note:${id}`
const userKey = (username: string) => `${PREFIX}user:${username}`
const sessionKey = (token: string) => `${PREFIX}session:${token}`

/** A connection for the app's data; requests that cannot reach Redis fail (500), not wait. */
export function connectRedis(url: string): Redis {
  const client = new Redis(url, {
    connectTimeout: 2000,
    commandTimeout: 2000,
    maxRetriesPerRequest: 1,
  })
  // Failures reach the commands that meet them; without a listener ioredis would also print
  // each reconnection error as unhandled.
  client.on('error', () => {})
  return client
}

const NOTE_FIELDS = 6

function noteFields(note: Note): string[] {
  return [
    note.id,
    note.title,
    note.body,
    JSON.stringify(note.tags),
    String(note.likes),
    note.createdAt,
  ]
}

function readNote(hash: Record<string, string>): Note | undefined {
  if (hash.id === undefined) return undefined
  return {
    id: hash.id,
    title: hash.title ?? '',
    body: hash.body ?? '',
    tags: JSON.parse(hash.tags ?? '[]') as string[],
    likes: Number(hash.likes ?? 0),
    createdAt: hash.createdAt ?? '',
  }
}

/** A flat [field, value, …] answer (HGETALL from a script) as an object. */
function pairs(flat: unknown): Record<string, string> {
  const hash: Record<string, string> = {}
  if (!Array.isArray(flat)) return hash
  for (let i = 0; i + 1 < flat.length; i += 2) hash[String(flat[i])] = String(flat[i + 1])
  return hash
}

// The whole seed in one script: processes starting together seed once, and none reads half of it.
const SEED_NOTES = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
for i = 3, #ARGV, ${NOTE_FIELDS} do
  local id = ARGV[i]
  redis.call('HSET', ARGV[1] .. id, 'id', id, 'title', ARGV[i + 1], 'body', ARGV[i + 2],
    'tags', ARGV[i + 3], 'likes', ARGV[i + 4], 'createdAt', ARGV[i + 5])
  redis.call('ZADD', KEYS[2], tonumber(id), id)
end
redis.call('SET', KEYS[1], ARGV[2])
return 1`

// A like of a note deleted meanwhile must not make a note of its own.
const LIKE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
return redis.call('HINCRBY', KEYS[1], 'likes', 1)`

const UPDATE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
redis.call('HSET', KEYS[1], 'title', ARGV[1], 'body', ARGV[2], 'tags', ARGV[3])
return redis.call('HGETALL', KEYS[1])`

export async function redisNotes(client: Redis, seed: NotesSeed): Promise<NotesRecords> {
  const args: string[] = [
    LAST_ID,
    IDS,
    `${PREFIX}note:`,
    String(seed.nextId - 1),
    ...seed.notes.flatMap(noteFields),
  ]
  await client.eval(SEED_NOTES, 2, ...args)
  const get = async (id: string) => readNote(await client.hgetall(noteKey(id)))
  return {
    async list() {
      const ids = await client.zrange(IDS, '0', '-1')
      const batch = client.pipeline()
      for (const id of ids) batch.hgetall(noteKey(id))
      const answers = (await batch.exec()) ?? []
      return answers.flatMap(([error, hash]) => {
        if (error) throw error
        const note = readNote(hash as Record<string, string>)
        return note ? [note] : [] // deleted between the two reads
      })
    },
    get,
    async create(input) {
      const id = String(await client.incr(LAST_ID))
      const note: Note = { id, ...input, likes: 0, createdAt: new Date().toISOString() }
      const [, title, body, tags, likes, createdAt] = noteFields(note)
      await client
        .multi()
        .hset(noteKey(id), { id, title, body, tags, likes, createdAt })
        .zadd(IDS, Number(id), id)
        .exec()
      return note
    },
    async update(id, input) {
      const flat = await client.eval(
        UPDATE,
        1,
        noteKey(id),
        input.title,
        input.body,
        JSON.stringify(input.tags),
      )
      return flat ? readNote(pairs(flat)) : undefined
    },
    async delete(id) {
      const answers = await client.multi().zrem(IDS, id).del(noteKey(id)).exec()
      return Number(answers?.[1]?.[1] ?? 0) > 0
    },
    async like(id) {
      const likes = Number(await client.eval(LIKE, 1, noteKey(id)))
      return likes < 0 ? undefined : likes
    },
  }
}

export async function redisAuth(client: Redis, seedUsers: UsersSeed): Promise<AuthRecords> {
  const findUser = async (username: string) => {
    const json = await client.get(userKey(username))
    return json === null ? undefined : (JSON.parse(json) as StoredUser)
  }
  if ((await client.exists(USERS_SEEDED)) === 0) {
    // NX: processes starting together keep the first one's accounts (and salts).
    const batch = client.multi()
    for (const user of await seedUsers()) {
      batch.set(userKey(user.username), JSON.stringify(user), 'NX')
    }
    await batch.set(USERS_SEEDED, '1').exec()
  }
  return {
    findUser,
    async startSession(token, username, expiresAt) {
      await client.set(sessionKey(token), username, 'PXAT', expiresAt)
    },
    async sessionUser(token) {
      return (await client.get(sessionKey(token))) ?? undefined
    },
    async endSession(token) {
      await client.del(sessionKey(token))
    },
  }
}
