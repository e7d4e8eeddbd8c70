// cached() and cacheTag(): memoize an async function's results across requests, by arguments.

// value.ts (node:v8) on Node, value.workers.ts on Cloudflare Workers (package.json "imports").
import { fromBytes, toBytes } from '#framework/cache-value'
import { readThrough } from './computation.ts'
import { argumentsKey, functionIdentity, rememberIdentity } from './key.ts'
import { currentScope } from './scope.ts'

export interface CachedOptions {
  /** Tags of every entry, for revalidateTag(). */
  tags?: string[]
  /** Seconds an entry stays fresh; absent: until a tag or path of it is revalidated. */
  revalidate?: number
  /** The function's identity in keys, instead of its name and source text (key.ts). */
  key?: string
}

/**
 * `fn`, memoized across requests by its arguments (docs/caching.md). Every caller gets its own
 * copy of the value. Equal arguments in flight at the same time share one computation.
 */
export function cached<Args extends unknown[], Result>(
  fn: (...args: Args) => Promise<Result>,
  options: CachedOptions = {},
  /** Where this call is in the app's code: written by the framework's Vite plugin (key.ts). */
  site?: string,
): (...args: Args) => Promise<Result> {
  const name = options.key ?? (fn.name || 'anonymous function')
  const { revalidate } = options
  if (revalidate !== undefined && !(revalidate >= 0)) {
    throw new Error(`cached(${name}): revalidate must be a number of seconds, 0 or more.`)
  }
  const identity = functionIdentity(fn, options.key, site)

  const memoized = async (...args: Args): Promise<Result> => {
    const bytes = await readThrough({
      key: `${identity}:${argumentsKey(args, name)}`,
      name,
      label: `cached(${name})`,
      tags: options.tags,
      revalidate,
      produce: async () => toBytes(await fn(...args), name),
    })
    return fromBytes<Result>(bytes)
  }
  rememberIdentity(memoized, identity)
  // Error messages and a cached() of this function then name what it memoizes.
  Object.defineProperty(memoized, 'name', { value: name })
  return memoized
}

/** Adds tags to the entry being computed; only inside a cached() or "use cache" function. */
export function cacheTag(...tags: string[]): void {
  const scope = currentScope()
  if (!scope) {
    throw new Error(
      'cacheTag() was called outside a cached() function or a "use cache" one. It tags the entry being computed: call it inside the function given to cached(), or inside a "use cache" function.',
    )
  }
  scope.tags.push(...tags)
}
