// The request pipeline as a Fetch handler, made from what it needs (CoreDependencies): the route
// table, a route-module loader, the build id, the HTML renderer, the configuration. It knows
// nothing of Vite: entry.rsc.tsx gives it the build's, a unit test its own. Each request is
// parsed once, then handed to exactly one of route handler, server function, or page (payload
// or document), inside the request's store, which names this handler (core-state.ts).

import { answerCall, answerFormPost } from '../server-functions/respond.ts'
import type { StaticPage } from '../static/page-store.ts'
import { type PrerenderTarget, prerenderTargets } from '../static/prerender-targets.ts'
import { isStaticHandler, serveStaticHandler } from '../static/route-handlers.ts'
import {
  internalServerErrorResponse,
  noRouteResponse,
  wrongMethodResponse,
} from '../wire/errors.ts'
import { type ParsedRequest, parseRequest, readRouterState } from '../wire/protocol.ts'
import { handleWithAfter } from './after.ts'
import { type Core, type CoreDependencies, createCore } from './core-state.ts'
import { handleRoute } from './method-handlers.ts'
import { runMiddleware } from './middleware.ts'
import { runWithRequest, withSetCookies } from './request-store.ts'
import { servePage } from './serve-page.ts'

export type RequestHandler = (request: Request) => Promise<Response>

async function dispatch(core: Core, request: Request, parsed: ParsedRequest) {
  const { url } = parsed
  // A client navigation (or a call from the page) sends its router state: it may intercept, and
  // keeps what unmatched slots show. A document never does (docs/routing.md).
  const fromClient = parsed.type === 'payload' || parsed.type === 'action'
  const state = fromClient && core.routes.hasSlots ? readRouterState(request) : null
  const match = core.routes.match(url.pathname, state)
  if (match?.route.type === 'handler' && parsed.type !== 'payload') {
    const { file } = match.route
    const route = { file, mod: await core.load(file) }
    // A GET declared static is answered once and served from memory (static/route-handlers.ts).
    if (isStaticHandler(request.method, route.mod))
      return serveStaticHandler(request, url, route, match.params)
    return handleRoute(request, route, match.params)
  }
  const page = match?.route.type === 'page' ? match : null
  switch (parsed.type) {
    case 'payload':
    case 'document':
      return servePage(request, url, page, parsed.type)
    case 'action':
      return answerCall(request, url, page, parsed.actionId, core.config)
    case 'form-action':
      return answerFormPost(request, url, page, core.config)
    case 'other':
      return page
        ? wrongMethodResponse(request.method, url.pathname)
        : noRouteResponse(url.pathname)
  }
}

/** One handler: its own route table, static pages, route classification and cache store. */
export function createHandler(deps: CoreDependencies): RequestHandler {
  const core = createCore(deps)
  // after() callbacks start once the answer has been sent (after.ts).
  return (request) => handleWithAfter(request, () => handle(core, request), deps.waitUntil)
}

/** What `npm run build` renders pages with (build/prerender.ts): a handler and what it found. */
export interface Prerenderer {
  buildId: string
  handler: RequestHandler
  targets(): Promise<PrerenderTarget[]>
  /** The page the handler kept for `pathname`, if its render showed it static. */
  page(pathname: string): StaticPage | undefined
  /** What the handler's renders found the route to be. */
  rendering(routeFile: string): 'static' | 'dynamic' | undefined
}

export function createPrerenderer(deps: CoreDependencies): Prerenderer {
  const core = createCore(deps)
  return {
    buildId: core.buildId,
    handler: (request) => handleWithAfter(request, () => handle(core, request)),
    targets: () => prerenderTargets(core.routes, core.load, core.classification),
    page: (pathname) => core.pages.kept(pathname),
    rendering: (routeFile) => core.classification.renderingOf(routeFile),
  }
}

/** One request: the middleware first, if the app has one (server/middleware.ts), then its route. */
function handle(core: Core, request: Request): Promise<Response> {
  const parsed = parseRequest(request)
  if (!core.middleware) return serve(core, request, parsed)
  return runMiddleware(
    core.middleware,
    request,
    parsed,
    core.routes,
    (forwarded, target, shownUrl) => serve(core, forwarded, target, shownUrl),
  )
}

/**
 * One request, inside its store: dispatched, any failure answered 500. `shownUrl` is the URL the
 * browser asked for when the middleware rewrote it to `parsed.url`.
 */
function serve(core: Core, request: Request, parsed: ParsedRequest, shownUrl?: URL) {
  return runWithRequest(
    request,
    async () => {
      try {
        return withSetCookies(await dispatch(core, request, parsed))
      } catch (error) {
        return internalServerErrorResponse(error)
      }
    },
    'render',
    { core, parsed, shownUrl },
  )
}
