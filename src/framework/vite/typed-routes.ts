// Writes the app's route types (routing/route-types-file.ts) to .framework/types/routes.d.ts,
// which tsconfig.json includes: when the dev server starts, when a file is added to or removed
// from the routes folder under it, and when a build starts. `npm run typecheck` has the same
// plugin write them without starting Vite (bin/framework.mjs calls `api.writeRouteTypes`).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, isAbsolute, join, relative } from 'node:path'
import type { Plugin } from 'vite'
import { createRouteTable } from '../routing/route-table.ts'
import { type RouteTypesOptions, routeTypesFile } from '../routing/route-types-file.ts'
import type { RoutesDirOf } from './paths.ts'
import { listRouteFiles } from './route-files.ts'

/** Where the types go, under Vite's root (git-ignored; tsconfig.json includes it). */
export const ROUTE_TYPES_FILE = '.framework/types/routes.d.ts'

export interface TypedRoutesApi {
  /** Writes the types for the app at `root`; false when the file already said the same. */
  writeRouteTypes(root: string): boolean
}

function writeRouteTypes(root: string, routesDir: string, options: RouteTypesOptions): boolean {
  const text = routeTypesFile(createRouteTable(listRouteFiles(routesDir)), options)
  const file = join(root, ROUTE_TYPES_FILE)
  if (existsSync(file) && readFileSync(file, 'utf8') === text) return false
  mkdirSync(dirname(file), { recursive: true })
  writeFileSync(file, text)
  return true
}

export function typedRoutes(routesDirOf: RoutesDirOf, options: RouteTypesOptions): Plugin {
  const api: TypedRoutesApi = {
    writeRouteTypes: (root) => writeRouteTypes(root, routesDirOf(root), options),
  }
  let root = ''
  let command = ''
  return {
    name: 'framework:typed-routes',
    api,
    configResolved(config) {
      root = config.root
      command = config.command
    },
    buildStart() {
      // Each environment's build starts here: the file is written once, then found the same.
      if (command === 'build') api.writeRouteTypes(root)
    },
    configureServer(server) {
      const routesDir = routesDirOf(root)
      const write = () => {
        try {
          if (api.writeRouteTypes(root)) server.config.logger.info(`${ROUTE_TYPES_FILE} written`)
        } catch (error) {
          // Two routes for one URL: the dev server shows that error on the next request; the
          // types stay as they were until the routes are valid again.
          server.config.logger.warn(`${ROUTE_TYPES_FILE} not written: ${String(error)}`)
        }
      }
      write()
      const onChange = (path: string) => {
        const inRoutes = relative(routesDir, path)
        if (!inRoutes.startsWith('..') && !isAbsolute(inRoutes)) write()
      }
      for (const event of ['add', 'unlink', 'addDir', 'unlinkDir'] as const) {
        server.watcher.on(event, onChange)
      }
    },
  }
}
