// The framework as a Vite plugin: the three environments of @vitejs/plugin-rsc with the
// framework's entries, a self-contained server build, and route validation at build time.
import { randomBytes, randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import rsc from '@vitejs/plugin-rsc'
import { type Plugin, type PluginOption, type Rolldown, transformWithOxc } from 'vite'
import { prerender } from './build/prerender.ts'
import { addCachedCallSites } from './cache/call-sites.ts'
import { DEFAULT_ROUTER_OPTIONS } from './client/router-options.ts'
import type { FrameworkBuildOptions, FrameworkOptions } from './config.ts'
import { createRouteTable } from './routing/route-table.ts'
import { DEV_CODE_CHANGED_EVENT } from './wire/protocol.ts'

const own = (file: string) => fileURLToPath(new URL(file, import.meta.url))

/** Where the app's routes are, relative to Vite's root, unless `routesDir` says otherwise. */
const DEFAULT_ROUTES_DIR = 'src/routes'
/** The file names that make routes (routing/route-table.ts, SEGMENT_FILES). */
const ROUTE_FILE_GLOBS = [
  '**/{page,layout,template,default,loading,error,not-found,unauthorized,forbidden,global-error}.{tsx,jsx,ts,js}',
  '**/route.{ts,tsx,js,jsx}',
]

function listRouteFiles(routesDir: string): string[] {
  return readdirSync(routesDir, { recursive: true, encoding: 'utf8' })
    .map((file) => relative(routesDir, join(routesDir, file)).split(sep).join('/'))
    .filter((file) => /\.(tsx|ts|jsx|js)$/.test(file))
}

/**
 * Route files and modules in `.js` may contain JSX, as `.jsx` and `.tsx` do (docs/routing.md).
 * Vite reads `.js` as plain JavaScript, so their JSX is compiled first, as Vite compiles `.jsx`.
 */
function jsxInRouteJs(routesDirOf: (root: string) => string): Plugin {
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
        const file = id.split('?')[0]!
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

/**
 * Gives every cached() call of the app its site (module and position) for its cache keys
 * (cache/call-sites.ts), so that alike functions of different modules never share entries.
 */
function cachedCallSites(): Plugin {
  let root = ''
  return {
    name: 'framework:cached-call-sites',
    configResolved(config) {
      root = config.root
    },
    transform: {
      filter: { id: /\.[cm]?[jt]sx?(\?.*)?$/, code: '#framework' },
      handler(code, id) {
        const file = id.split('?')[0]!
        if (file.includes('/node_modules/')) return
        const module = relative(root, file).split(sep).join('/')
        const transformed = addCachedCallSites(code, module)
        // Only inserted within lines: the positions that matter stay where they were.
        return transformed === undefined ? undefined : { code: transformed, map: null }
      },
    },
  }
}

/** Two routes for one URL fail the build with both file names (dev shows the same error). */
function validateRoutes(routesDirOf: (root: string) => string): Plugin {
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

/**
 * In dev, tells the rsc environment of every changed file, so that it forgets the static pages
 * and route kinds it found with the old code (static/page-store.ts). HMR alone does not reach them:
 * it re-runs only the edited module and those importing it, and a module only the client and
 * SSR use (a client component's helper) is not in the rsc environment at all.
 */
function forgetStaticPagesOnChange(): Plugin {
  return {
    name: 'framework:forget-static-pages-on-change',
    apply: 'serve',
    applyToEnvironment: (environment) => environment.name === 'rsc',
    hotUpdate: {
      // Before the update itself, so that no request served with the new code finds old pages.
      order: 'pre',
      handler() {
        this.environment.hot.send({ type: 'custom', event: DEV_CODE_CHANGED_EVENT })
      },
    },
  }
}

/**
 * The options given to framework() as modules: all of them for the server, only the router's
 * for the browser. Both carry the build id, which tells a payload of this build from another's.
 */
function options(values: FrameworkOptions, routesDir: string): Plugin {
  // Vite reads a glob that starts with `/` from its root.
  const routesRoot = `/${routesDir.replace(/^\.?\/+|\/+$/g, '')}/`
  const globs = JSON.stringify(ROUTE_FILE_GLOBS.map((glob) => routesRoot + glob))
  // Draft mode's cookie value (server/draft-mode.ts): made per build, server-side only.
  const draftModeSecret = randomBytes(32).toString('base64url')
  const modules: Record<string, (buildId: string) => string> = {
    'virtual:framework/options': (buildId) =>
      `export default ${JSON.stringify(values)}\nexport const buildId = ${JSON.stringify(buildId)}\nexport const draftModeSecret = ${JSON.stringify(draftModeSecret)}`,
    // The app's route modules, keyed by their path in the routes folder, loaded on demand.
    'virtual:framework/routes': () =>
      `const found = import.meta.glob(${globs})\n` +
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

/** The middleware's file names, beside the routes folder: Next.js 16 calls it proxy. */
const MIDDLEWARE_FILES = ['middleware', 'proxy'].flatMap((name) =>
  ['ts', 'tsx', 'js', 'jsx', 'mts', 'mjs'].map((ext) => `${name}.${ext}`),
)

/**
 * `virtual:framework/middleware`: the app's middleware (server/middleware-host.ts), loaded on the
 * first request, or nothing. Two such files fail the build, naming both.
 */
export function middlewareModule(routesDirOf: (root: string) => string): Plugin {
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
      const names = found.map((file) => relative(root, file).split(sep).join('/'))
      if (found.length > 1) {
        this.error(`${names.join(' and ')}: an app has one middleware file; remove one of them.`)
      }
      if (found.length === 0) return 'export const middleware = undefined\n'
      return `export const middleware = { file: ${JSON.stringify(names[0])}, load: () => import(${JSON.stringify(found[0])}) }\n`
    },
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
      // Prebundled in dev, as plugin-rsc does for the edge builds.
      const node = (name: string) => `${REACT_SERVER_DOM}/${name}.node`
      return {
        environments: {
          rsc: { optimizeDeps: { include: ['server', 'client', 'static'].map(node) } },
          ssr: { optimizeDeps: { include: [node('client')] } },
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

/** plugin-rsc's module for the client references that clientChunks put in chunk `name`. */
const clientReferenceGroup = (name: string) => `\0virtual:vite-rsc/client-references/group/${name}`

/** The chunks of the framework's own client references, by module id. */
const FRAMEWORK_CLIENT_CHUNKS: Record<string, string> = {
  [own('./client/boundaries.tsx')]: 'entry',
  [own('./client.ts')]: 'entry',
}

/**
 * Fills `found` with the modules the root layout imports, directly or through others, as the
 * rsc build sees them (it runs before the client build): the client components among them are
 * rendered on every page.
 */
function rootLayoutImports(found: Set<string>, routesDirOf: (root: string) => string): Plugin {
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

/**
 * The client chunks the framework plans, by rolldown's codeSplitting groups: each holds the
 * modules it starts from and what those import statically, but not what is imported
 * dynamically (that stays out, to be loaded when used) nor what an earlier group holds.
 *
 * - `index`, the entry's, for what every page loads: what the entry imports (React, React DOM,
 *   the Flight client, the router), the framework's client references (the boundaries, Link,
 *   the hooks) and the root layout's client components. Left to itself, rolldown splits `react`
 *   into a chunk of its own and Link and the hooks into another, and plugin-rsc gives each of
 *   the layout's client components its own: more files, each with its import and export glue,
 *   on every page.
 * - `fallbacks`: the default 404, 401 and 403 screens, which the root's boundary loads when it
 *   shows one: one file, not one per screen and one they share.
 */
function clientChunkGroups(): Rolldown.CodeSplittingGroup[] {
  const chunks: [name: string, roots: string[]][] = [
    ['index', [own('./entry.browser.tsx'), clientReferenceGroup('entry')]],
    ['fallbacks', [own('../fallbacks/default-screen.tsx')]],
  ]
  let plan: { context: Rolldown.ChunkingContext; chunkOf: Map<string, string> } | undefined
  const chunkOf = (id: string, context: Rolldown.ChunkingContext) => {
    if (plan?.context !== context) {
      const found = new Map<string, string>()
      const visit = (moduleId: string, name: string) => {
        if (found.has(moduleId)) return
        found.set(moduleId, name)
        for (const imported of context.getModuleInfo(moduleId)?.importedIds ?? []) {
          visit(imported, name)
        }
      }
      for (const [name, roots] of chunks) {
        for (const root of roots) if (context.getModuleInfo(root)) visit(root, name)
      }
      plan = { context, chunkOf: found }
    }
    return plan.chunkOf.get(id)
  }
  // One group per chunk, earlier ones first: a group also takes what its modules import,
  // which a later group must not take from it.
  return chunks.map(([name], i) => ({
    name: (id, context) => (chunkOf(id, context) === name ? name : null),
    priority: chunks.length - i,
  }))
}

/**
 * After the three environments are built: the pages known at build time are rendered by the
 * built server itself into dist/prerender (build/prerender.ts, docs/caching.md).
 */
function prerenderPages(routesDir: string): Plugin {
  return {
    name: 'framework:prerender',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const { root, logger } = builder.config
        const rscOutDir = resolve(root, builder.environments.rsc!.config.build.outDir)
        await prerender({
          rscOutDir,
          outDir: join(dirname(rscOutDir), 'prerender'),
          routesDir,
          log: (line) => logger.info(line),
        })
      },
    },
  }
}

/** @param buildOptions the framework's settings (src/framework/config.ts, docs/configuration.md). */
export function framework(buildOptions: FrameworkBuildOptions = {}): PluginOption[] {
  const {
    routesDir = DEFAULT_ROUTES_DIR,
    target = 'node',
    cloudflare = {},
    ...frameworkOptions
  } = buildOptions
  // Under Vite's root, never the process's working directory.
  const routesDirOf = (root: string) => join(root, routesDir)
  const rootLayoutModules = new Set<string>()
  return [
    jsxInRouteJs(routesDirOf),
    nodeReactBuilds(),
    rsc({
      entries: {
        rsc: own('./entry.rsc.tsx'),
        ssr: own('./entry.ssr.tsx'),
        client: own('./entry.browser.tsx'),
      },
      // Client references are grouped into chunks by the server chunk that uses them; the ones
      // every page renders, the framework's and the root layout's, go with the entry instead
      // (clientChunkGroups).
      clientChunks: ({ id }) =>
        FRAMEWORK_CLIENT_CHUNKS[id] ?? (rootLayoutModules.has(id) ? 'entry' : undefined),
    }),
    rootLayoutImports(rootLayoutModules, routesDirOf),
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
              // `npm start` (node/server.ts); a Worker's entry is workers/worker.ts instead.
              build:
                target === 'node'
                  ? { rollupOptions: { input: { server: own('./node/server.ts') } } }
                  : {},
            },
            ssr: { define, resolve: { noExternal: true } },
            client: {
              build: {
                rolldownOptions: {
                  output: { codeSplitting: { groups: clientChunkGroups() } },
                },
              },
            },
          },
        }
      },
    },
    validateRoutes(routesDirOf),
    forgetStaticPagesOnChange(),
    cachedCallSites(),
    options(frameworkOptions, routesDir),
    // Prerendering reads and writes files beside the Node server: a Worker renders on demand.
    target === 'node' && prerenderPages(routesDir),
    // Loaded only for that target: a Node app never needs the Cloudflare plugin installed.
    target === 'cloudflare' &&
      import('./workers/vite-plugin.ts').then((m) => m.workersTarget(cloudflare)),
    middlewareModule(routesDirOf),
  ]
}
