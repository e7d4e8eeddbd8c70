// The computation a cached function is running, if any: a cached() function's or a "use cache"
// one's. Its own AsyncLocalStorage (not the request's) because one computation can be shared by
// several requests: what it collects (tags, lifetime) belongs to the entry, and what it must not
// read (cookies, headers, search params) belongs to a request.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface CacheScope {
  /** The cached function's name (or its `key`), for warnings. */
  name: string
  /** How errors name it: `cached(listNotes)`, or `the "use cache" function Notes (file)`. */
  label: string
  /** Tags of the entry being computed: its own, cacheTag()'s, and those of nested entries. */
  tags: string[]
  /** The first expiry of the nested entries it read: the entry expires no later. */
  expiresAt?: number
  /** Seconds it stays fresh, from cacheLife() (life.ts): the shortest asked for counts. */
  revalidate?: number
  /**
   * Set once a "use cache" function returned and its value is rendered (use-cache.ts): React's
   * development build then reads the props of the components that own its elements (a page's
   * searchParams) for its debugging information, which is not the function reading them.
   */
  renderingValue?: boolean
}

const scopes = new AsyncLocalStorage<CacheScope>()

export function runInScope<T>(scope: CacheScope, fn: () => T): T {
  return scopes.run(scope, fn)
}

export function currentScope(): CacheScope | undefined {
  return scopes.getStore()
}

/**
 * Throws when `api` (which reads the request) is called inside a cached computation: its value
 * is shared by all requests, so it must not depend on one request's data.
 */
export function refuseInsideCache(api: string, data = 'cookies or headers'): void {
  const scope = currentScope()
  if (!scope || (api === 'searchParams' && scope.renderingValue)) return
  throw new Error(
    `${api} was called inside ${scope.label}. A cached value is shared by all requests, so it must not depend on one request's ${data}. Read ${api} outside the cached function and pass what you need to it as an argument.`,
  )
}
