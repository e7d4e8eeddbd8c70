// What a handler keeps for every later request (a build's route modules, a route's segment config
// and generateStaticParams() list, the HTML renderer, the cache store) is started by whichever
// request needs it first. On Node 20 every promise, timer and socket made inside an
// AsyncLocalStorage context holds that context's store, so a route module's import started by a
// visitor's request would keep that request (its cookies, headers, response and render) for the
// life of the process. These start instead in the context this module was loaded in, at startup,
// outside any request; or, where a host cannot re-enter that context, in the context its request
// began in, before the pipeline entered any store.
import { AsyncLocalStorage } from 'node:async_hooks'

type Context = <T>(run: () => T) => T

const startupContext: Context = AsyncLocalStorage.snapshot()

/** A request's own context from before the pipeline's stores, where the host gave one. */
const requestRoots = new AsyncLocalStorage<Context>()

/** Calls `start` outside any request's AsyncLocalStorage context, for work kept past it. */
export function startOutsideRequests<T>(start: () => T): T {
  const root = requestRoots.getStore()
  // Kept in the started work, so that what it starts in turn runs there too.
  return root ? root(() => requestRoots.run(root, start)) : startupContext(start)
}

/**
 * Handles a request with its present context as the one work kept past it starts in. For a host
 * that loads this module inside an I/O context which requests cannot enter: workerd binds a
 * snapshot to the request (I/O context) it was taken in and refuses to call it from another,
 * and the Workers dev server evaluates every module inside its module runner's Durable Object.
 */
export function handleFromRequestRoot<T>(handle: () => T): T {
  return requestRoots.run(AsyncLocalStorage.snapshot(), handle)
}
