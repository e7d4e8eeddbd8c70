// The rsc entry: the framework's handlers, made from what this Vite build gives the request
// pipeline (server/core.ts): the app's route modules, its options and HTML renderer
// (core-dependencies.ts), its middleware, and the pages it prerendered.

import { middleware } from 'virtual:framework/middleware'
import { buildId } from 'virtual:framework/options'
// Where the build's prerendered pages are, on this platform (package.json "imports").
import { BUILD_PRERENDER_DIR, readPrerenderedPages } from '#framework/host'
import type { FrameworkOptions, RequestHandlerOptions } from './config.ts'
import { coreDependencies } from './core-dependencies.ts'
import {
  createHandler,
  createPrerenderer as createPrerendererOf,
  type Prerenderer,
  type RequestHandler,
} from './server/core.ts'

export type { Prerenderer, RequestHandler } from './server/core.ts'

/** The framework as a Fetch-standard handler, to mount in any server (docs/embedding.md). */
export function createRequestHandler(options?: RequestHandlerOptions): RequestHandler {
  const prerendered = options?.prerendered ?? BUILD_PRERENDER_DIR
  return createHandler({
    ...coreDependencies(options, import.meta.hot),
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
  return createPrerendererOf(
    coreDependencies({ ...options, cache: { handler: 'memory' } }, import.meta.hot),
  )
}

let defaultHandler: RequestHandler | undefined

/**
 * The handler the dev server uses, made on its first request: a host that makes its own with
 * createRequestHandler(), as `npm start` does (node/server.ts), never makes this one.
 */
export default function handler(request: Request): Promise<Response> {
  defaultHandler ??= createRequestHandler()
  return defaultHandler(request)
}

export { createNodeRequestListener } from './node/listener.ts'
// For embedders' graceful stop: the after() callbacks under way (docs/embedding.md).
export { afterCallbacksSettled } from './server/after.ts'

if (import.meta.hot) import.meta.hot.accept()
