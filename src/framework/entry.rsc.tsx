// The rsc entry: the one module that knows it runs in a Vite build. It gives the request
// pipeline (server/core.ts) what it needs from the build: the app's route modules (found by the
// framework's Vite plugin in its routes folder), the build id and options, and the ssr
// environment's HTML renderer.

import { middleware } from 'virtual:framework/middleware'
import buildOptions, { buildId, draftModeSecret } from 'virtual:framework/options'
import { routeModules } from 'virtual:framework/routes'
import {
  createTemporaryReferenceSet,
  decodeAction,
  decodeFormState,
  decodeReply,
  loadServerAction,
  renderToPipeableStream,
} from '@vitejs/plugin-rsc/rsc.node'
// What the platform gives the pipeline (package.json "imports"): node/host.ts on Node,
// workers/host.ts on Cloudflare Workers (the `workerd` condition).
import { BUILD_PRERENDER_DIR, readPrerenderedPages, waitUntil } from '#framework/host'
import { type FrameworkOptions, type RequestHandlerOptions, resolveConfig } from './config.ts'
import {
  createHandler,
  createPrerenderer as createPrerendererOf,
  type Prerenderer,
  type RequestHandler,
} from './server/core.ts'
import type { CoreDependencies } from './server/core-state.ts'
import { DEV_CODE_CHANGED_EVENT } from './wire/protocol.ts'

export type { Prerenderer, RequestHandler } from './server/core.ts'

function dependencies(options?: FrameworkOptions): CoreDependencies {
  return {
    routeFiles: Object.keys(routeModules),
    loadRouteModule: (file) => {
      const load = routeModules[file]
      if (!load) return Promise.reject(new Error(`No route module ${file} in this build.`))
      return load()
    },
    buildId,
    react: {
      renderToPipeableStream,
      createTemporaryReferenceSet,
      decodeReply,
      decodeAction,
      decodeFormState,
      loadServerAction,
    },
    loadHtmlRenderer: () =>
      import.meta.viteRsc.loadModule<typeof import('./entry.ssr.tsx')>('ssr', 'index'),
    // The build's draft-mode secret unless the options name one (server/draft-mode.ts).
    config: resolveConfig({ draftModeSecret, ...buildOptions }, options),
    dev: import.meta.env.DEV,
    // Dev server: the plugin says when a file changed (vite/forget-static-pages-on-change.ts).
    onCodeChange: (listener) => import.meta.hot?.on(DEV_CODE_CHANGED_EVENT, listener),
    waitUntil,
  }
}

/** The framework as a Fetch-standard handler, to mount in any server (docs/embedding.md). */
export function createRequestHandler(options?: RequestHandlerOptions): RequestHandler {
  const prerendered = options?.prerendered ?? BUILD_PRERENDER_DIR
  return createHandler({
    ...dependencies(options),
    // The app's middleware runs for requests, not for the build's prerendering (as in Next.js).
    middleware,
    prerendered: prerendered === false ? undefined : readPrerenderedPages(prerendered, buildId),
  })
}

/**
 * For `vite build` only (build/prerender.ts): a handler of this build that renders the pages to
 * prerender, with a data cache of its own in memory and no prerendered pages of an older build.
 * `options` are the build's environment's (an `ORIGIN`: config.ts edgeOptionsFromEnv()).
 */
export function createPrerenderer(options?: FrameworkOptions): Prerenderer {
  return createPrerendererOf(dependencies({ ...options, cache: { handler: 'memory' } }))
}

let defaultHandler: RequestHandler | undefined

/**
 * The handler `npm start` and the dev server use, made on its first request: a host that makes
 * its own with createRequestHandler() never makes this one.
 */
export default function handler(request: Request): Promise<Response> {
  defaultHandler ??= createRequestHandler()
  return defaultHandler(request)
}

export { createNodeRequestListener } from './node/listener.ts'
// For embedders' graceful stop: the after() callbacks under way (docs/embedding.md).
export { afterCallbacksSettled } from './server/after.ts'

if (import.meta.hot) import.meta.hot.accept()
