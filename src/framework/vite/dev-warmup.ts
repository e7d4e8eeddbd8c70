// `vite` (dev) transforms modules on first request, one import at a time: a fresh server spent
// seconds on the first document while a core sat idle. This warms what every first page needs
// as soon as the server starts: the three entries, and the root folder's route files (the root
// layout, page and screens), each environment crawling their static imports.
import type { Plugin } from 'vite'
import type { RoutesDirOf } from './paths.ts'
import { frameworkFile, posixRelative } from './paths.ts'

export function devWarmup(routesDirOf: RoutesDirOf): Plugin {
  return {
    name: 'framework:dev-warmup',
    apply: 'serve',
    config(config) {
      const root = config.root ?? process.cwd()
      const rootRouteFiles = `${posixRelative(root, routesDirOf(root))}/*.{tsx,jsx,ts,js}`
      // Server environments crawl a module's imports only when asked to (the browser's always does).
      const crawling = { preTransformRequests: true }
      return {
        environments: {
          rsc: { dev: { ...crawling, warmup: [frameworkFile('entry.rsc.tsx'), rootRouteFiles] } },
          ssr: { dev: { ...crawling, warmup: [frameworkFile('entry.ssr.tsx')] } },
          client: { dev: { warmup: [frameworkFile('entry.browser.tsx')] } },
        },
      }
    },
  }
}
