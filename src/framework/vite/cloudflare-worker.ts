// The `cloudflare` build target (framework({ target: 'cloudflare' }), docs/deploying.md#cloudflare-workers):
// the rsc environment becomes a Worker run by workerd, with the ssr environment inside it, and
// the client build served as the Worker's static assets. @cloudflare/vite-plugin is imported only
// when that target is built, so a Node app never needs it installed (this project installs it on
// first use: tools/workers/install.mjs) and never loads it: Vite bundles the config with this
// module inlined and run eagerly, and the plugin pulls in wrangler and miniflare (seconds of
// every `vite` start).
import type { Plugin } from 'vite'
import type { FrameworkBuildOptions } from '../config.ts'
import { frameworkFile } from './paths.ts'

/**
 * The part of @cloudflare/vite-plugin used here, declared so that the typecheck needs no Workers
 * toolchain; the Workers build and its end-to-end tests run it against the real plugin.
 */
interface CloudflarePluginModule {
  cloudflare(config: {
    /** Where local runs keep KV namespaces and caches, or false for nowhere. */
    persistState?: boolean | { path: string }
    /** The Vite environment that is the Worker, and those that run inside its isolate. */
    viteEnvironment: { name: string; childEnvironments: string[] }
    /** Fields over the app's wrangler.jsonc. */
    config: { main: string }
  }): Plugin[]
}

/**
 * Named through a constant, not written in the import: Vite bundles the app's vite.config.ts
 * with this file, and a literal import of a package that is not installed makes that bundle
 * warn on every `vite` and `vite build` of a Node app.
 */
const CLOUDFLARE_PLUGIN = '@cloudflare/vite-plugin'

export async function cloudflareWorker(
  options: NonNullable<FrameworkBuildOptions['cloudflare']>,
): Promise<Plugin[]> {
  const { cloudflare }: CloudflarePluginModule = await import(CLOUDFLARE_PLUGIN)
  return cloudflare({
    ...options,
    // One Worker: the ssr environment runs in the rsc one's isolate, as on Node.
    viteEnvironment: { name: 'rsc', childEnvironments: ['ssr'] },
    // The app's wrangler.jsonc names the Worker and its bindings; the framework gives the entry.
    config: { main: frameworkFile('workers/worker.ts') },
  })
}
