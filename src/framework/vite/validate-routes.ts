// Two routes for one URL fail the build with both file names (dev shows the same error), before
// anything is bundled.
import type { Plugin } from 'vite'
import { createRouteTable } from '../routing/route-table.ts'
import type { RoutesDirOf } from './paths.ts'
import { listRouteFiles } from './route-files.ts'

export function validateRoutes(routesDirOf: RoutesDirOf): Plugin {
  let routesDir = ''
  return {
    name: 'framework:validate-routes',
    apply: 'build',
    configResolved(config) {
      routesDir = routesDirOf(config.root)
    },
    buildStart() {
      createRouteTable(listRouteFiles(routesDir))
    },
  }
}
