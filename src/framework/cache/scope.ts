// The computation a cached() function is running, if any. Its own AsyncLocalStorage (not the
// request's) because one computation can be shared by several requests: what it collects (tags)
// belongs to the entry, and what it must not read (cookies, headers) belongs to a request.
import { AsyncLocalStorage } from 'node:async_hooks'

export interface CacheScope {
  /** The cached function's name (or its `key`), for error messages and warnings. */
  name: string
  /** Tags of the entry being computed: its own, cacheTag()'s, and those of nested entries. */
  tags: string[]
  /** The first expiry of the nested entries it read: the entry expires no later. */
  expiresAt?: number
}

const scopes = new AsyncLocalStorage<CacheScope>()

export function runInScope<T>(scope: CacheScope, fn: () => T): T {
  return scopes.run(scope, fn)
}

export function currentScope(): CacheScope | undefined {
  return scopes.getStore()
}
