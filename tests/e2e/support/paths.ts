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

/** End-to-end tests run against the production build; say so clearly when it is missing. */
export function assertBuilt(): void {
  for (const file of [SERVER_ENTRY, HANDLER_ENTRY]) {
    if (!existsSync(file)) {
      throw new Error(`${file} is missing: run \`npm run build\` before the end-to-end tests.`)
    }
  }
}
