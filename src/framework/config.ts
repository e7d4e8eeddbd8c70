// The framework's settings: defaults here, overridden by the options given to `framework()` in
// vite.config.ts (built into the server) and then by those given to `createRequestHandler()`.
// docs/configuration.md lists them.

import {
  BUILT_IN_CACHE_LIFE,
  type CacheLifeProfile,
  type CacheLifeProfiles,
  resolveCacheLife,
} from './cache/life-profiles.ts'
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

export interface RouteHandlerOptions {
  /** Largest request body, in bytes, a route handler may read. Larger bodies get 413. */
  bodySizeLimit: number
}

/**
 * The origin kept answers are rendered against when no option names one: a fixed name, never a
 * visitor's. `npm start` gives its own address instead (node/server.ts); docs/configuration.md.
 */
export const DEFAULT_ORIGIN = 'http://localhost'

export interface FrameworkConfig {
  /**
   * Host names a request may name (its Host, or with trustProxy its X-Forwarded-Host); others
   * get 400. `*` stands for one label. Empty: every host (docs/security.md).
   */
  allowedHosts: string[]
  /** The data cache's store: cached() (cache/options.ts, docs/caching.md). */
  cache: CacheOptions
  /** cacheLife()'s profiles by name: Next's built-in ones and the app's (docs/caching.md). */
  cacheLife: CacheLifeProfiles
  /**
   * A Content-Security-Policy for documents, with `{nonce}` where each response's nonce goes,
   * e.g. "script-src 'self' 'nonce-{nonce}'". The framework's inline scripts carry that nonce.
   */
  contentSecurityPolicy: string | undefined
  serverFunctions: ServerFunctionOptions
  /** Draft mode's cookie value; a random one per build when unset (docs/caching.md). */
  draftModeSecret: string | undefined
  /**
   * The origin (`https://app.example`) of every answer kept for other visitors: static pages,
   * static route handlers, prerendered pages and their revalidations are rendered against it,
   * never against a visitor's Host or request target.
   */
  origin: string
  /**
   * Partial prerendering for every route (a route's `export const experimental_ppr` says
   * otherwise for it): a route that reads the request sends a static shell from memory and
   * streams the parts that read it (docs/caching.md, "Partial prerendering"). Default: false.
   */
  ppr: boolean
  routeHandlers: RouteHandlerOptions
  /**
   * Behind a reverse proxy that sets `X-Forwarded-Host`, set true so that the first of its values
   * counts as the request's host. Never set it without such a proxy: clients could forge it.
   */
  trustProxy: boolean
}

export interface FrameworkOptions {
  /** See FrameworkConfig.allowedHosts. */
  allowedHosts?: string[]
  /** Where cached() keeps entries: memory or Redis, and their bounds (docs/caching.md). */
  cache?: CacheOptionsInput
  /** Profiles for cacheLife(), as next.config's `cacheLife`: a built-in name replaces it. */
  cacheLife?: Record<string, CacheLifeProfile>
  /** See FrameworkConfig.contentSecurityPolicy. */
  contentSecurityPolicy?: string
  /** See FrameworkConfig.draftModeSecret. */
  draftModeSecret?: string
  /** See FrameworkConfig.origin: an absolute http(s) URL, of which only the origin counts. */
  origin?: string
  /** See FrameworkConfig.ppr. */
  ppr?: boolean
  /** The client router's numbers (client/router-options.ts). */
  router?: Partial<RouterOptions>
  routeHandlers?: Partial<RouteHandlerOptions>
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
   * Next.js's `typedRoutes`: an href (`<Link>`, `router.push()`, `redirect()`) that no route
   * answers is a type error (docs/routing.md, "Typed routes"). Default: false.
   */
  typedRoutes?: boolean
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
  allowedHosts: [],
  cache: DEFAULT_CACHE_OPTIONS,
  cacheLife: BUILT_IN_CACHE_LIFE,
  contentSecurityPolicy: undefined,
  draftModeSecret: undefined,
  origin: DEFAULT_ORIGIN,
  ppr: false,
  // Next's route handlers read any size, its server actions 1 MB: docs/configuration.md.
  routeHandlers: { bodySizeLimit: 10 * 1024 * 1024 },
  serverFunctions: { allowedOrigins: [], bodySizeLimit: 1024 * 1024, maxArguments: 1000 },
  trustProxy: false,
}

export function resolveConfig(...layers: (FrameworkOptions | undefined)[]): FrameworkConfig {
  let config = DEFAULT_CONFIG
  for (const layer of layers) {
    if (!layer) continue
    config = {
      allowedHosts: layer.allowedHosts ?? config.allowedHosts,
      cache: mergeCacheOptions(config.cache, layer.cache),
      cacheLife: resolveCacheLife(config.cacheLife, layer.cacheLife),
      contentSecurityPolicy: layer.contentSecurityPolicy ?? config.contentSecurityPolicy,
      draftModeSecret: layer.draftModeSecret ?? config.draftModeSecret,
      origin: layer.origin === undefined ? config.origin : originOf(layer.origin),
      ppr: layer.ppr ?? config.ppr,
      routeHandlers: { ...config.routeHandlers, ...layer.routeHandlers },
      serverFunctions: { ...config.serverFunctions, ...layer.serverFunctions },
      trustProxy: layer.trustProxy ?? config.trustProxy,
    }
  }
  return config
}

/** `value`'s origin (`https://app.example:8443`); anything but an absolute http(s) URL throws. */
function originOf(value: string): string {
  const url = URL.canParse(value) ? new URL(value) : undefined
  if (url?.protocol !== 'http:' && url?.protocol !== 'https:') {
    throw new Error(`origin must be an absolute http or https URL (it is "${value}").`)
  }
  return url.origin
}

/**
 * The options the environment gives a server (`npm start`, a Worker's vars): `ORIGIN`, and
 * `ALLOWED_HOSTS` as a comma-separated list. Unset or empty variables give nothing.
 */
export function edgeOptionsFromEnv(env: Record<string, unknown>): FrameworkOptions {
  const options: FrameworkOptions = {}
  const { ORIGIN: origin, ALLOWED_HOSTS: hosts } = env
  if (typeof origin === 'string' && origin.trim() !== '') options.origin = origin.trim()
  if (typeof hosts === 'string' && hosts.trim() !== '') {
    options.allowedHosts = hosts
      .split(',')
      .map((host) => host.trim())
      .filter(Boolean)
  }
  return options
}
