// Where the notebook keeps its data on Node: one JSON file per store under the data directory
// ($DATA_DIR, default ./data). lowdb applies each change to memory synchronously and writes the
// file by temp file and rename, queued: concurrent requests cannot lose or tear a write.
// On Cloudflare Workers, which has no file system, `#notebook/store` is store.workers.ts instead
// (package.json "imports": the `workerd` condition, which the Worker's build resolves with).
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Low } from 'lowdb'
import { JSONFilePreset } from 'lowdb/node'

const DATA_DIR = resolve(process.env.DATA_DIR ?? 'data')

/** The store `name` (`notes`: data/notes.json), holding `seed` until something is written. */
export function openStore<T>(name: string, seed: T): Promise<Low<T>> {
  mkdirSync(DATA_DIR, { recursive: true })
  return JSONFilePreset<T>(join(DATA_DIR, `${name}.json`), seed)
}
