// Route files and modules in `.js` may contain JSX, as `.jsx` and `.tsx` do (docs/routing.md).
// Vite reads `.js` as plain JavaScript, so their JSX is compiled first, as Vite compiles `.jsx`.
import { sep } from 'node:path'
import { type Plugin, transformWithOxc } from 'vite'
import { fileOfId, type RoutesDirOf } from './paths.ts'

export function jsxInRouteJs(routesDirOf: RoutesDirOf): Plugin {
  let routesDir = ''
  return {
    name: 'framework:jsx-in-route-js',
    enforce: 'pre',
    configResolved(config) {
      routesDir = routesDirOf(config.root)
    },
    transform: {
      filter: { id: /\.js(\?.*)?$/ },
      async handler(code, id) {
        const file = fileOfId(id)
        if (!file.startsWith(`${routesDir}/`) && !file.startsWith(routesDir + sep)) return
        const { code: compiled, map } = await transformWithOxc(code, file, {
          lang: 'jsx',
          jsx: { runtime: 'automatic' },
        })
        return { code: compiled, map }
      },
    },
  }
}
