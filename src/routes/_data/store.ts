// Where the notebook keeps its data on Node (`#notebook/store`), chosen by REDIS_URL:
// - set: in that Redis server (redis-records.ts), which every server process using it shares,
//   as `WORKERS=N` or several machines need: the cache store is already there (docs/deploying.md);
// - unset: one JSON file per store under the data directory ($DATA_DIR, default ./data), the
//   embedded default for one process. lowdb writes the file by temp file and rename, queued.
// On Cloudflare Workers, which has no file system, `#notebook/store` is store.workers.ts instead
// (package.json "imports": the `workerd` condition, which the Worker's build resolves with).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Redis } from 'ioredis'
import type { Low } from 'lowdb'
import { JSONFilePreset } from 'lowdb/node'
import { jsonAuth, jsonNotes } from './json-records.ts'
import type { AuthRecords, NotesRecords, NotesSeed, UsersSeed } from './records.ts'

/** The JSON document `name` (`notes`: data/notes.json), holding `seed` until something is written. */
function openFile<T>(name: string, seed: T): Promise<Low<T>> {
  const dir = resolve(process.env.DATA_DIR ?? 'data')
  mkdirSync(dir, { recursive: true })
  return JSONFilePreset<T>(join(dir, `${name}.json`), seed)
}

let redis: Promise<{ client: Redis; records: typeof import('./redis-records.ts') }> | undefined

/** One connection per process, made on first use; ioredis is loaded only with REDIS_URL. */
function connect(url: string) {
  redis ??= import('./redis-records.ts').then((records) => ({
    client: records.connectRedis(url),
    records,
  }))
  return redis
}

export async function openNotes(seed: NotesSeed): Promise<NotesRecords> {
  const url = process.env.REDIS_URL
  if (!url) return jsonNotes(openFile, seed)
  const { client, records } = await connect(url)
  return records.redisNotes(client, seed)
}

export async function openAuth(seedUsers: UsersSeed): Promise<AuthRecords> {
  const url = process.env.REDIS_URL
  if (!url) return jsonAuth(openFile, seedUsers)
  const { client, records } = await connect(url)
  return records.redisAuth(client, seedUsers)
}
