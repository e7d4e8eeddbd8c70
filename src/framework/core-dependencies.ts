// What this Vite build gives the request pipeline (CoreDependencies, server/core-state.ts): the
// app's route modules (found by the framework's Vite plugin in its routes folder), React's
// server functions as plugin-rsc wires them, the build id and options, the ssr environment's
// HTML renderer, and the platform's waitUntil. entry.rsc.tsx makes its handlers with them.

import { staticMetadataFiles } from 'virtual:framework/metadata-files'
import buildOptions, { buildId, draftModeSecret } from 'virtual:framework/options'
import { routeModules } from 'virtual:framework/routes'
import {
  createClientTemporaryReferenceSet,
  createFromReadableStream,
  createTemporaryReferenceSet,
  decodeAction,
  decodeFormState,
  decodeReply,
  encodeReply,
  loadServerAction,
  renderToPipeableStream,
  renderToReadableStream,
} from '@vitejs/plugin-rsc/rsc.node'
// What the platform gives the pipeline (package.json "imports"): node/host.ts on Node,
// workers/host.ts on Cloudflare Workers (the `workerd` condition).
import { waitUntil } from '#framework/host'
import { type FrameworkOptions, resolveConfig } from './config.ts'
import type { CoreDependencies } from './server/core-state.ts'
import { DEV_SERVER_ERROR_EVENT } from './wire/dev-server.ts'
import { DEV_CODE_CHANGED_EVENT } from './wire/protocol.ts'

/**
 * The build's dependencies, configured by `options`. `hot` is the entry's own hot context (dev
 * server): its listeners go with the handlers the entry made when the entry is replaced.
 */
export function coreDependencies(
  options: FrameworkOptions | undefined,
  hot: ImportMeta['hot'],
): CoreDependencies {
  return {
    routeFiles: Object.keys(routeModules),
    staticMetadataFiles,
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
      encodeReply,
      createClientTemporaryReferenceSet,
      renderToReadableStream,
      createFromReadableStream,
    },
    loadHtmlRenderer: () =>
      import.meta.viteRsc.loadModule<typeof import('./entry.ssr.tsx')>('ssr', 'index'),
    // The build's draft-mode secret unless the options name one (server/draft-mode.ts).
    config: resolveConfig({ draftModeSecret, ...buildOptions }, options),
    dev: import.meta.env.DEV,
    // Dev server: the plugin says when a file changed (vite/forget-static-pages-on-change.ts).
    onCodeChange: (listener) => hot?.on(DEV_CODE_CHANGED_EVENT, listener),
    // Dev server: the plugin opens the overlay of the pages open (vite/dev-error-overlay.ts).
    showDevError: (payload) => hot?.send(DEV_SERVER_ERROR_EVENT, payload),
    waitUntil,
  }
}
