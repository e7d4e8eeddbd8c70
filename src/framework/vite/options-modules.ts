// The options given to framework() as modules (virtual.d.ts): all of them for the server, only
// the router's for the browser; both carry the build id, which tells a payload of this build from
// another's. With them, the app's route modules and its global-error screen, found by glob.
import { randomBytes, randomUUID } from 'node:crypto'
import type { Plugin } from 'vite'
import { DEFAULT_ROUTER_OPTIONS } from '../client/router-options.ts'
import type { FrameworkOptions } from '../config.ts'
import { ROUTE_FILE_GLOBS } from './route-files.ts'

export function optionsModules(values: FrameworkOptions, routesDir: string): Plugin {
  // Vite reads a glob that starts with `/` from its root.
  const routesRoot = `/${routesDir.replace(/^\.?\/+|\/+$/g, '')}/`
  // Draft mode's cookie value (server/draft-mode.ts): made per build, server-side only.
  const draftModeSecret = randomBytes(32).toString('base64url')
  const modules: Record<string, (buildId: string) => string> = {
    'virtual:framework/options': (buildId) =>
      `export default ${JSON.stringify(values)}\nexport const buildId = ${JSON.stringify(buildId)}\nexport const draftModeSecret = ${JSON.stringify(draftModeSecret)}`,
    // The app's route modules, keyed by their path in the routes folder, loaded on demand.
    'virtual:framework/routes': () =>
      `const found = import.meta.glob(${JSON.stringify(ROUTE_FILE_GLOBS.map((glob) => routesRoot + glob))})\n` +
      `export const routeModules = Object.fromEntries(Object.entries(found).map(([path, load]) => [path.slice(${routesRoot.length}), load]))\n`,
    'virtual:framework/global-error': () =>
      `export const appGlobalError = Object.values(import.meta.glob(${JSON.stringify(`${routesRoot}global-error.{tsx,jsx}`)}))[0]\n`,
    // One constant per option, which the bundler writes in where it is read.
    'virtual:framework/client-options': (buildId) =>
      Object.entries({ ...DEFAULT_ROUTER_OPTIONS, ...values.router, buildId })
        .map(([name, value]) => `export const ${name} = ${JSON.stringify(value)}\n`)
        .join(''),
  }
  let buildId = 'development'
  return {
    name: 'framework:options',
    configResolved(config) {
      // One id for the whole build: all three environments are built by this one plugin instance.
      if (config.command === 'build' && buildId === 'development') {
        buildId = process.env.BUILD_ID ?? randomUUID().slice(0, 8)
      }
    },
    resolveId: (id) => (id in modules ? `\0${id}` : undefined),
    load: (id) =>
      id.startsWith('\0') && id.slice(1) in modules ? modules[id.slice(1)]!(buildId) : undefined,
  }
}
