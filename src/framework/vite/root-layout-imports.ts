// Finds the modules the root layout imports, directly or through others, as the rsc build sees
// them (it runs before the client build): the client components among them are rendered on
// every page, so they go into the entry's chunk (client-chunks.ts).
import { relative } from 'node:path'
import type { Plugin } from 'vite'
import type { RoutesDirOf } from './paths.ts'

/** Fills `found` with the root layout's imports at the end of the rsc build. */
export function rootLayoutImports(found: Set<string>, routesDirOf: RoutesDirOf): Plugin {
  let routesDir = ''
  return {
    name: 'framework:root-layout-imports',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    configResolved(config) {
      routesDir = routesDirOf(config.root)
    },
    buildEnd() {
      found.clear()
      const visit = (id: string) => {
        if (found.has(id)) return
        found.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
      }
      for (const id of this.getModuleIds()) {
        if (/^layout\.(tsx|jsx|ts|js)$/.test(relative(routesDir, id))) visit(id)
      }
    },
  }
}
