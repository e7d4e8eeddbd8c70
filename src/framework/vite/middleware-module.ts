// `virtual:framework/middleware`: the app's middleware (server/middleware-host.ts), loaded on the
// first request, or nothing. Two such files fail the build, naming both.
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Plugin } from 'vite'
import { posixRelative, type RoutesDirOf } from './paths.ts'

/** The middleware's file names, beside the routes folder: Next.js 16 calls it proxy. */
const MIDDLEWARE_FILES = ['middleware', 'proxy'].flatMap((name) =>
  ['ts', 'tsx', 'js', 'jsx', 'mts', 'mjs'].map((ext) => `${name}.${ext}`),
)

export function middlewareModule(routesDirOf: RoutesDirOf): Plugin {
  const id = 'virtual:framework/middleware'
  let root = ''
  let folder = ''
  return {
    name: 'framework:middleware',
    configResolved(config) {
      root = config.root
      folder = dirname(routesDirOf(config.root))
    },
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load(loaded) {
      if (loaded !== `\0${id}`) return undefined
      const found = MIDDLEWARE_FILES.map((file) => join(folder, file)).filter((file) =>
        existsSync(file),
      )
      const names = found.map((file) => posixRelative(root, file))
      if (found.length > 1) {
        this.error(`${names.join(' and ')}: an app has one middleware file; remove one of them.`)
      }
      if (found.length === 0) return 'export const middleware = undefined\n'
      return `export const middleware = { file: ${JSON.stringify(names[0])}, load: () => import(${JSON.stringify(found[0])}) }\n`
    },
  }
}
