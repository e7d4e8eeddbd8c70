// The part of @cloudflare/vite-plugin that cloudflare-worker.ts uses, declared here so that the
// typecheck needs no Workers toolchain: it is installed on first use (tools/workers/install.mjs).
// An ambient declaration wins over the package's own types, installed or not: the Workers build
// and its end-to-end tests check this shape against the real plugin.
declare module '@cloudflare/vite-plugin' {
  import type { Plugin } from 'vite'

  export interface PluginConfig {
    /** The Vite environment that is the Worker, and those that run inside its isolate. */
    viteEnvironment?: { name?: string; childEnvironments?: string[] }
    /** Fields over the app's wrangler.jsonc. */
    config?: { main?: string }
    /** Where local runs keep KV namespaces and caches, or false for nowhere. */
    persistState?: boolean | { path: string }
  }

  export function cloudflare(pluginConfig?: PluginConfig): Plugin[]
}
