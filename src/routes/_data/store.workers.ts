// Where the notebook keeps its data on Cloudflare Workers (docs/deploying.md#cloudflare-workers), which has
// no file system: in the Workers KV namespace bound as NOTEBOOK_DATA (wrangler.jsonc), one JSON
// value per store; without that binding, in the isolate's memory only (lost when it stops).
// As with the JSON files on Node, an isolate reads a store once and then works on its copy in
// memory, writing the whole value back after each change (json-records.ts): what it wrote
// outlives it, but other isolates running meanwhile keep their own copies.
import { env } from 'cloudflare:workers'
import { type Adapter, Low, Memory } from 'lowdb'
import { jsonAuth, jsonNotes } from './json-records.ts'
import type { AuthRecords, NotesRecords, NotesSeed, UsersSeed } from './records.ts'

/** The part of a Workers KV namespace binding this store uses. */
interface KvNamespace {
  get(key: string, type: 'json'): Promise<unknown>
  put(key: string, value: string): Promise<void>
}

/** A lowdb adapter that keeps the store as one JSON value under `key`. */
class KvValue<T> implements Adapter<T> {
  constructor(
    private readonly kv: KvNamespace,
    private readonly key: string,
  ) {}

  async read(): Promise<T | null> {
    return (await this.kv.get(this.key, 'json')) as T | null
  }

  async write(data: T): Promise<void> {
    await this.kv.put(this.key, JSON.stringify(data))
  }
}

/** The store `name` (`notes`), holding `seed` until something is written. */
async function openValue<T>(name: string, seed: T): Promise<Low<T>> {
  const kv = env.NOTEBOOK_DATA as KvNamespace | undefined
  const store = new Low<T>(kv ? new KvValue<T>(kv, `notebook:${name}`) : new Memory<T>(), seed)
  await store.read()
  return store
}

export function openNotes(seed: NotesSeed): Promise<NotesRecords> {
  return jsonNotes(openValue, seed)
}

export function openAuth(seedUsers: UsersSeed): Promise<AuthRecords> {
  return jsonAuth(openValue, seedUsers)
}
