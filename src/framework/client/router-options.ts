// The client router's tunable numbers. Defaults here; `framework({ router: {...} })` in
// vite.config.ts overrides them (docs/configuration.md).

export interface RouterOptions {
  /** Prefetch requests running at once; more wait in a queue. */
  prefetchConcurrency: number
  /** How long a prefetched or visited payload of a static route is reused, in seconds. */
  staticStaleTime: number
  /** The same for a dynamic route (one that read cookies, headers or search params). */
  dynamicStaleTime: number
  /** A navigation that has not shown its page by then becomes a document load, in ms. */
  loadTimeoutMs: number
}

export const DEFAULT_ROUTER_OPTIONS: RouterOptions = {
  prefetchConcurrency: 5,
  staticStaleTime: 300,
  dynamicStaleTime: 0,
  loadTimeoutMs: 3800,
}
