// The framework's settings: defaults here, overridden by the options given to `framework()` in
// vite.config.ts (built into the server) and then by those given to `createRequestHandler()`.
// docs/configuration.md lists them.
import {
  type CacheOptions,
  type CacheOptionsInput,
  DEFAULT_CACHE_OPTIONS,
  mergeCacheOptions,
} from './cache/options.ts'
import type { RouterOptions } from './client/router-options.ts'

export interface ServerFunctionOptions {
  /**
   * Origins allowed to post server functions besides the page's own, as host names with an
   * optional port; `*` stands for exactly one label (`*.example.com`).
   */
  allowedOrigins: string[]
  /** Largest request body, in bytes, read for a server function. Larger posts get 413. */
  bodySizeLimit: number
  /** Most arguments one call may carry. */
  maxArguments: number
}

export interface FrameworkConfig {
  /** The data cache's store: cached() (cache/options.ts, docs/caching.md). */
  cache: CacheOptions
  /**
   * A Content-Security-Policy for documents, with `{nonce}` where each response's nonce goes,
   * e.g. "script-src 'self' 'nonce-{nonce}'". The framework's inline scripts carry that nonce.
   */
  contentSecurityPolicy: string | undefined
  serverFunctions: ServerFunctionOptions
  /** Draft mode's cookie value; a random one per build when unset (docs/caching.md). */
  draftModeSecret: string | undefined
  /**
   * Behind a reverse proxy that sets `X-Forwarded-Host`, set true so that the first of its values
   * counts as the request's host. Never set it without such a proxy: clients could forge it.
   */
  trustProxy: boolean
}

export interface FrameworkOptions {
  /** Where cached() keeps entries: memory or Redis, and their bounds (docs/caching.md). */
  cache?: CacheOptionsInput
  /** See FrameworkConfig.contentSecurityPolicy. */
  contentSecurityPolicy?: string
  /** See FrameworkConfig.draftModeSecret. */
  draftModeSecret?: string
  /** The client router's numbers (client/router-options.ts). */
  router?: Partial<RouterOptions>
  serverFunctions?: Partial<ServerFunctionOptions>
  trustProxy?: boolean
}

/** What `createRequestHandler()` takes: the options, and where the prerendered pages are. */
export interface RequestHandlerOptions extends FrameworkOptions {
  /**
   * The folder of the pages `npm run build` prerendered: by default the build's own
   * (`dist/prerender`, beside `dist/rsc`); another path if they were moved; `false` for none
   * (every page is rendered on its first request). docs/embedding.md.
   */
  prerendered?: string | false
}

/** What `framework()` in vite.config.ts takes: the options, and where the app's routes are. */
export interface FrameworkBuildOptions extends FrameworkOptions {
  /** The app's routes folder, relative to Vite's root. Default: `src/routes`. */
  routesDir?: string
  /**
   * Where the build runs: `node` (`npm start`, or embedded) or `cloudflare` (a Worker run by
   * workerd, with the app's wrangler.jsonc: docs/deploying.md#cloudflare-workers). Default: `node`.
   */
  target?: 'node' | 'cloudflare'
  /** The `cloudflare` target's local runs (`vite dev`, `vite preview` in workerd). */
  cloudflare?: {
    /**
     * Where KV namespaces and caches are kept between runs, as @cloudflare/vite-plugin's option
     * of that name: a folder (`{ path }`), or false for none. Default: `.wrangler/state`.
     */
    persistState?: boolean | { path: string }
  }
}

export const DEFAULT_CONFIG: FrameworkConfig = {
  cache: DEFAULT_CACHE_OPTIONS,
  contentSecurityPolicy: undefined,
  draftModeSecret: undefined,
  serverFunctions: { allowedOrigins: [], bodySizeLimit: 1024 * 1024, maxArguments: 1000 },
  trustProxy: false,
}

export function resolveConfig(...layers: (FrameworkOptions | undefined)[]): FrameworkConfig {
  let config = DEFAULT_CONFIG
  for (const layer of layers) {
    if (!layer) continue
    config = {
      cache: mergeCacheOptions(config.cache, layer.cache),
      contentSecurityPolicy: layer.contentSecurityPolicy ?? config.contentSecurityPolicy,
      draftModeSecret: layer.draftModeSecret ?? config.draftModeSecret,
      serverFunctions: { ...config.serverFunctions, ...layer.serverFunctions },
      trustProxy: layer.trustProxy ?? config.trustProxy,
    }
  }
  return config
}
