// Where the project and its production build live, as absolute paths.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT_DIR = fileURLToPath(new URL('../../../', import.meta.url))
export const DIST_DIR = join(ROOT_DIR, 'dist')
/** The production server (`npm start` runs this file). */
export const SERVER_ENTRY = join(DIST_DIR, 'rsc/server.js')
/** The built rsc entry: exports `createRequestHandler()` and a default Fetch handler. */
export const HANDLER_ENTRY = join(DIST_DIR, 'rsc/index.js')
export const CLIENT_ASSETS_DIR = join(DIST_DIR, 'client/assets')
export const VITE_BIN = join(ROOT_DIR, 'node_modules/vite/bin/vite.js')
/** The same app built as a Cloudflare Worker (`npm run build:workers`, docs/deploying.md#cloudflare-workers). */
export const WORKERS_CONFIG = join(ROOT_DIR, 'vite.workers.config.ts')
export const WORKER_ENTRY = join(ROOT_DIR, 'dist-workers/rsc/index.js')

/**
 * What `startProductionServer()` runs: `node`, the Node server (`npm start`), or `workers`, the
 * built Worker in workerd (`vite preview` with the Cloudflare plugin). The Vitest project
 * `e2e-workers` sets E2E_TARGET=workers and runs a selection of the same test files.
 */
export type ServerTarget = 'node' | 'workers'

export function serverTarget(): ServerTarget {
  return process.env.E2E_TARGET === 'workers' ? 'workers' : 'node'
}

/** End-to-end tests run against the production build; say so clearly when it is missing. */
export function assertBuilt(target: ServerTarget = 'node'): void {
  const [files, command] =
    target === 'node'
      ? [[SERVER_ENTRY, HANDLER_ENTRY], 'npm run build']
      : [[WORKER_ENTRY], 'npm run build:workers']
  for (const file of files) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: run \`${command}\` before the end-to-end tests.`)
    }
  }
}
