// The framework as a Vite plugin: the three environments of @vitejs/plugin-rsc with the
// framework's entries, a self-contained server build, and route validation at build time.
import { randomUUID } from 'node:crypto'
import { readdirSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import rsc from '@vitejs/plugin-rsc'
import type { Plugin, PluginOption } from 'vite'
import { DEFAULT_ROUTER_OPTIONS } from './client/router-options.ts'
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

/**
 * The options given to framework() as modules: all of them for the server, only the router's
 * for the browser. Both carry the build id, which tells a payload of this build from another's.
 */
function options(values: FrameworkOptions): Plugin {
  const modules: Record<string, (buildId: string) => string> = {
    'virtual:framework/options': (buildId) =>
      `export default ${JSON.stringify(values)}\nexport const buildId = ${JSON.stringify(buildId)}`,
    'virtual:framework/client-options': (buildId) =>
      `export default ${JSON.stringify({ ...DEFAULT_ROUTER_OPTIONS, ...values.router })}\nexport const buildId = ${JSON.stringify(buildId)}`,
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

const REACT_SERVER_DOM = '@vitejs/plugin-rsc/vendor/react-server-dom'
const EDGE_BUILD = /^@vitejs\/plugin-rsc\/vendor\/react-server-dom\/(server|client|static)\.edge$/

/**
 * The server renders with React's Node builds (Node streams are faster on Node), but
 * plugin-rsc's own modules import the edge builds. Two RSC server builds cannot render at once
 * (one inside the other fails: "React only supports one RSC renderer at a time"), so every
 * import of an edge build gets the Node build, which exports all that the edge one does.
 */
function nodeReactBuilds(): Plugin {
  return {
    name: 'framework:node-react-builds',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name !== 'client',
    config: () => {
      const prebundled = ['server', 'client', 'static'].map(
        (name) => `${REACT_SERVER_DOM}/${name}.node`,
      )
      return {
        environments: {
          rsc: { optimizeDeps: { include: prebundled } },
          ssr: { optimizeDeps: { include: prebundled.slice(1) } },
        },
      }
    },
    resolveId: {
      order: 'pre',
      filter: { id: EDGE_BUILD },
      handler(source, importer, options) {
        return this.resolve(source.replace(/\.edge$/, '.node'), importer, {
          ...options,
          skipSelf: true,
        })
      },
    },
  }
}

/** @param frameworkOptions the framework's settings (src/framework/config.ts, docs/configuration.md). */
export function framework(frameworkOptions: FrameworkOptions = {}): PluginOption[] {
  return [
    nodeReactBuilds(),
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
