// What a handler keeps for every later request (a build's route modules, a route's segment config
// and generateStaticParams() list, the HTML renderer, the cache store) is started by whichever
// request needs it first. On Node 20 every promise, timer and socket made inside an
// AsyncLocalStorage context holds that context's store, so a route module's import started by a
// visitor's request would keep that request (its cookies, headers, response and render) for the
// life of the process. These start instead in the context this module was loaded in, at startup,
// outside any request.
import { AsyncLocalStorage } from 'node:async_hooks'

const startupContext = AsyncLocalStorage.snapshot()

/** Calls `start` outside any request's AsyncLocalStorage context, for work kept past it. */
export function startOutsideRequests<T>(start: () => T): T {
  return startupContext(start)
}
