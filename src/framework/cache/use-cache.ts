// "use cache" at run time: the framework's Vite plugin (vite/use-cache.ts) wraps every function
// under the directive with registerCachedFunction(). A call's key is the function's identity (its
// module and name, the same in every process of a build) and its arguments as React encodes them;
// its value is the RSC payload of its result, so a cached component keeps its client components
// and the children passed to it. Entries live in the handler's cache store with cached()'s
// (computation.ts): the same tags, invalidations, sharing of concurrent misses and errors kept out.

import { readThrough } from './computation.ts'
import type { CacheFlight } from './flight.ts'
import { functionIdentity } from './key.ts'
import { currentUseCacheHost } from './request-part.ts'
import { currentScope } from './scope.ts'
import { checkCacheArguments, replyKey } from './use-cache-key.ts'

type CacheableFunction = (...args: never[]) => Promise<unknown>

/** Every function registerCachedFunction() made: what a render can tell apart (a static shell). */
const cachedFunctions = new WeakSet<object>()

/** Whether `value` is a "use cache" function (or component), as the plugin wrapped it. */
export function isCachedFunction(value: unknown): boolean {
  return typeof value === 'function' && cachedFunctions.has(value)
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array> {
  return new Uint8Array(await new Response(stream).arrayBuffer())
}

function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
}

/**
 * Runs `fn` with the arguments decoded from `reply` (elements and client references stay
 * references) and renders what it returns to an RSC payload. What it or a component it returns
 * throws is thrown here, so that nothing is stored and the caller sees the error.
 */
async function renderValue(
  flight: CacheFlight,
  fn: CacheableFunction,
  reply: string | FormData,
): Promise<Uint8Array> {
  const temporaryReferences = flight.createTemporaryReferenceSet()
  const args = (await flight.decodeReply(reply, { temporaryReferences })) as never[]
  const result = await fn(...args)
  const scope = currentScope()
  if (scope) scope.renderingValue = true
  let failure: { error: unknown } | undefined
  const stream = flight.renderToReadableStream(result, {
    temporaryReferences,
    environmentName: 'Cache',
    onError(error: unknown) {
      failure ??= { error }
    },
  })
  const bytes = await readAll(stream)
  if (failure) throw failure.error
  return bytes
}

/**
 * `fn` as a "use cache" function. `module` is its file from Vite's root, `name` its export name or
 * the name the plugin hoisted it under: with a hash of its source text, its identity in keys.
 */
export function registerCachedFunction<F extends CacheableFunction>(
  fn: F,
  module: string,
  name: string,
): F {
  const shown = name.replace(/^\$\$hoist_\d+_/, '').replace(/\$\$impl$/, '') || 'anonymous'
  const label = `the "use cache" function ${shown} (${module})`
  const identity = functionIdentity(fn, undefined, `${module}#${name}`)

  async function cachedFunction(...args: Parameters<F>): Promise<unknown> {
    const host = currentUseCacheHost()
    if (!host) {
      throw new Error(
        `${label} was called outside a request: its value is stored in the cache store of the handler serving the request, rendered with its React.`,
      )
    }
    const { flight } = host
    checkCacheArguments(args, label)
    const clientReferences = flight.createClientTemporaryReferenceSet()
    const reply = await flight.encodeReply(args, { temporaryReferences: clientReferences })
    const bytes = await readThrough({
      key: `use-cache:${identity}:${await replyKey(reply)}`,
      name: shown,
      label,
      defaultRevalidate: host.profiles.default.revalidate,
      produce: () => renderValue(flight, fn, reply),
    })
    return flight.createFromReadableStream(streamOf(bytes), {
      temporaryReferences: clientReferences,
    })
  }
  Object.defineProperty(cachedFunction, 'name', { value: shown })
  cachedFunctions.add(cachedFunction)
  return cachedFunction as F
}
