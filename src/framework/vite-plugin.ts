// The framework as a Vite plugin: the three environments of @vitejs/plugin-rsc with the
// framework's entries, a self-contained server build, route validation at build time and the
// app's generated route types.
// Each plugin is in vite/, named for what it does; this lists them in the order Vite runs them.
import { join } from 'node:path'
import react from '@vitejs/plugin-react'
import type { PluginOption } from 'vite'
import type { FrameworkBuildOptions } from './config.ts'
import { cachedCallSites } from './vite/cached-call-sites.ts'
import { cloudflareWorker } from './vite/cloudflare-worker.ts'
import { compileErrorLocations } from './vite/compile-error-locations.ts'
import { devErrorOverlay } from './vite/dev-error-overlay.ts'
import { devWarmup } from './vite/dev-warmup.ts'
import { forgetStaticPagesOnChange } from './vite/forget-static-pages-on-change.ts'
import { jsxInRouteJs } from './vite/jsx-in-route-js.ts'
import { metadataFiles } from './vite/metadata-files.ts'
import { middlewareModule } from './vite/middleware-module.ts'
import { nodeReactBuilds } from './vite/node-react-builds.ts'
import { ogAssets } from './vite/og-assets.ts'
import { optionsModules } from './vite/options-modules.ts'
import { prerenderPages } from './vite/prerender-pages.ts'
import { rootLayoutImports } from './vite/root-layout-imports.ts'
import { rscEnvironments } from './vite/rsc-environments.ts'
import { serverBuild } from './vite/server-build.ts'
import { serverComponentHooks } from './vite/server-component-hooks.ts'
import { serverComponentProps } from './vite/server-component-props.ts'
import { serverFunctionExports } from './vite/server-function-exports.ts'
import { serverOnlyImports } from './vite/server-only-imports.ts'
import { ssrSourceUrls } from './vite/ssr-source-urls.ts'
import { typedRoutes } from './vite/typed-routes.ts'
import { cacheDirective } from './vite/use-cache.ts'
import { validateRoutes } from './vite/validate-routes.ts'
import { workersAssetHeaders } from './vite/workers-asset-headers.ts'
import { workersOutput } from './vite/workers-output.ts'

/** Where the app's routes are, relative to Vite's root, unless `routesDir` says otherwise. */
const DEFAULT_ROUTES_DIR = 'src/routes'

/** @param buildOptions the framework's settings (src/framework/config.ts, docs/configuration.md). */
export function framework(buildOptions: FrameworkBuildOptions = {}): PluginOption[] {
  const {
    routesDir = DEFAULT_ROUTES_DIR,
    target = 'node',
    cloudflare = {},
    typedRoutes: typedHrefs = false,
    ...frameworkOptions
  } = buildOptions
  // Under Vite's root, never the process's working directory.
  const routesDirOf = (root: string) => join(root, routesDir)
  // The root layout's imports, found in the rsc build, put in the client entry's chunk.
  const rootLayoutModules = new Set<string>()
  const workers = target === 'cloudflare'
  return [
    jsxInRouteJs(routesDirOf),
    nodeReactBuilds(),
    // Before plugin-rsc's own check of the same exports, whose message names no export.
    serverFunctionExports(),
    rscEnvironments(rootLayoutModules),
    rootLayoutImports(rootLayoutModules, routesDirOf),
    react(),
    serverBuild(target),
    validateRoutes(routesDirOf),
    typedRoutes(routesDirOf, { typedRoutes: typedHrefs }),
    forgetStaticPagesOnChange(),
    devWarmup(routesDirOf),
    devErrorOverlay(),
    compileErrorLocations(),
    ssrSourceUrls(),
    cachedCallSites(),
    cacheDirective(),
    serverComponentHooks(),
    serverComponentProps(),
    serverOnlyImports(routesDirOf),
    optionsModules(frameworkOptions, routesDir),
    // Prerendering reads and writes files beside the Node server: a Worker renders on demand.
    target === 'node' && prerenderPages(routesDir),
    // Loads @cloudflare/vite-plugin only for that target (cloudflare-worker.ts says why).
    workers && cloudflareWorker(cloudflare),
    workers && workersAssetHeaders(),
    workers && workersOutput(),
    middlewareModule(routesDirOf),
    metadataFiles(routesDirOf),
    ogAssets(),
  ]
}
