// Client code (a 'use client' module and what it imports) must not import what runs only on
// the server: the app's data layer (`_data/` in the routes folder), a Node.js built-in, or a
// module that imports `server-only`. In the client and ssr environments (not a built-in in ssr,
// where it works), such an import fails, in development (in Vite's overlay and the terminal) and
// in the build alike, with the import chain from the client module to the server's
// (wire/errors.ts). `server-only` itself is
// an empty module on the server, as its package's `react-server` export is: no install needed.
import { isBuiltin } from 'node:module'
import { sep } from 'node:path'
import type { Plugin } from 'vite'
import { serverOnlyImportMessage } from '../wire/errors.ts'
import { fileOfId, posixRelative, type RoutesDirOf } from './paths.ts'

const SERVER_ONLY = 'server-only'
const SERVER_ONLY_ID = '\0framework:server-only'

/** A module that starts with 'use client', comments aside. */
const USE_CLIENT = /^(?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(['"])use client\1/

/**
 * The import chain that reached `importer`, from the nearest client module above it (or the
 * top) down to it: `importerOf` says who imported each module first.
 */
export function importChain(
  importer: string,
  importerOf: ReadonlyMap<string, string>,
  isClientModule: (id: string) => boolean,
): string[] {
  const chain = [importer]
  for (let at = importer; !isClientModule(at); ) {
    const above = importerOf.get(at)
    if (above === undefined || chain.includes(above)) break
    chain.unshift(above)
    at = above
  }
  return chain
}

export function serverOnlyImports(routesDirOf: RoutesDirOf): Plugin {
  let root = ''
  let dataDir = ''
  // By environment: the browser's build and the server's rendering of client code (ssr).
  const importersOf = new Map<string, Map<string, string>>()
  const clientModules = new Set<string>()
  return {
    name: 'framework:server-only-imports',
    enforce: 'pre',
    configResolved(config) {
      root = config.root
      dataDir = `${routesDirOf(config.root)}${sep}_data${sep}`
    },
    async resolveId(source, importer, options) {
      const environment = this.environment.name
      const client = environment === 'client'
      // Client code is rendered on the server too (ssr), where a Node.js built-in does work.
      const clientCode = client || environment === 'ssr'
      if (source === SERVER_ONLY && !clientCode) return SERVER_ONLY_ID
      if (!clientCode || !importer) return
      const importerOf = importersOf.get(environment) ?? new Map<string, string>()
      importersOf.set(environment, importerOf)
      const from = fileOfId(importer)
      if (from.includes('/node_modules/') || importer.startsWith('\0')) return
      const shown = (id: string) => posixRelative(root, id)
      // `imported` as the message names it: `server-only`, `node:fs`, or a file of the app.
      const fail = (imported: string) => {
        const chain = importChain(from, importerOf, (id) => clientModules.has(id)).map(shown)
        this.error(serverOnlyImportMessage(chain, imported))
      }
      if (source === SERVER_ONLY) return fail(SERVER_ONLY)
      if (client && isBuiltin(source))
        return fail(source.startsWith('node:') ? source : `node:${source}`)
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true })
      if (!resolved || resolved.external) return resolved
      const file = fileOfId(resolved.id)
      if (!importerOf.has(file)) importerOf.set(file, from)
      if (file.startsWith(dataDir)) return fail(shown(file))
      return resolved
    },
    load(id) {
      if (id === SERVER_ONLY_ID) return 'export {}'
    },
    transform: {
      filter: { code: 'use client' },
      handler(code, id) {
        if (this.environment.name !== 'rsc' && USE_CLIENT.test(code)) {
          clientModules.add(fileOfId(id))
        }
      },
    },
  }
}
