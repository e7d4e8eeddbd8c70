// The "use cache" directive (docs/caching.md): at the top of a module, each of its exports (async
// functions) is wrapped; at the top of an async function's or component's body, the function is
// hoisted to the module's top level (what it closes over becomes leading arguments, so part of
// its key) and wrapped. The wrapper is cache/use-cache.ts's registerCachedFunction(), given the
// module's path from Vite's root and the export's (or hoisted function's) name: the identity of
// its entries, the same in every process running the build. Server code only: the rsc side.
import {
  hasDirective,
  transformHoistInlineDirective,
  transformWrapExport,
} from '@vitejs/plugin-rsc/transforms'
import { type Plugin, parseAst } from 'vite'
import { fileOfId, frameworkFile, posixRelative } from './paths.ts'

const DIRECTIVE = 'use cache'
const RUNTIME = frameworkFile('cache/use-cache.ts')
const WRAP = '$$registerCachedFunction'

/** `code` with its "use cache" functions wrapped; undefined when it has none. */
export function transformUseCache(code: string, module: string, runtime = RUNTIME) {
  if (!code.includes(DIRECTIVE)) return undefined
  const ast = parseAst(code)
  const wrap = (value: string, name: string) =>
    `${WRAP}(${value}, ${JSON.stringify(module)}, ${JSON.stringify(name)})`
  const output = hasDirective(ast.body, DIRECTIVE)
    ? transformWrapExport(code, ast, { runtime: wrap, rejectNonAsyncFunction: true }).output
    : transformHoistInlineDirective(code, ast, {
        directive: DIRECTIVE,
        runtime: wrap,
        rejectNonAsyncFunction: true,
        // Module-local, and wrapped once when the module loads, not at each render.
        noExport: true,
        hoistRuntime: true,
      }).output
  if (!output.hasChanged()) return undefined
  output.prepend(`import { registerCachedFunction as ${WRAP} } from ${JSON.stringify(runtime)};\n`)
  return { code: output.toString(), map: output.generateMap({ hires: 'boundary' }) }
}

export function cacheDirective(): Plugin {
  let root = ''
  return {
    name: 'framework:use-cache',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: DIRECTIVE },
      handler(code, id) {
        const file = fileOfId(id)
        if (file.includes('/node_modules/')) return
        return transformUseCache(code, posixRelative(root, file))
      },
    },
  }
}
