// The framework as a Vite plugin: the three environments of @vitejs/plugin-rsc with the
// framework's entries, a self-contained server build, and route validation at build time.
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import rsc from '@vitejs/plugin-rsc'
import type { Plugin, PluginOption } from 'vite'
import type { FrameworkOptions } from './config.ts'
import { createRouteTable } from './route-table.ts'

const own = (file: string) => fileURLToPath(new URL(file, import.meta.url))

function listRouteFiles(routesDir: string): string[] {
  return readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => relative(routesDir, join(routesDir, file)).split(sep).join('/'))
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file))
}

/** Two routes for one URL fail the build with both file names (dev shows the same error). */
function validateRoutes(): Plugin {
  return {
    name: 'framework:validate-routes',
    apply: 'build',
    buildStart() {
      createRouteTable(listRouteFiles(join(process.cwd(), 'src/routes')))
    },
  }
}

const OPTIONS_MODULE = 'virtual:framework/options'

/** Makes the options given to framework() available to the server as a module. */
function options(values: FrameworkOptions): Plugin {
  return {
    name: 'framework:options',
    resolveId: (id) => (id === OPTIONS_MODULE ? `\0${OPTIONS_MODULE}` : undefined),
    load: (id) =>
      id === `\0${OPTIONS_MODULE}` ? `export default ${JSON.stringify(values)}` : undefined,
  }
}

/** @param frameworkOptions the framework's settings (src/framework/config.ts, docs/configuration.md). */
export function framework(frameworkOptions: FrameworkOptions = {}): PluginOption[] {
  return [
    rsc({
      entries: {
        rsc: own('./entry.rsc.tsx'),
        ssr: own('./entry.ssr.tsx'),
        client: own('./entry.browser.tsx'),
      },
    }),
    react(),
    {
      name: 'framework:server-build',
      config: (_, { command }) => {
        // A build is production code wherever it runs, embedded included: never development React.
        const define =
          command === 'build' ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {}
        return {
          environments: {
            // Bundle every dependency so dist/ runs without node_modules.
            rsc: {
              define,
              resolve: { noExternal: true },
              build: { rollupOptions: { input: { server: own('./server/node.ts') } } },
            },
            ssr: { define, resolve: { noExternal: true } },
          },
        }
      },
    },
    validateRoutes(),
    options(frameworkOptions),
  ]
}
