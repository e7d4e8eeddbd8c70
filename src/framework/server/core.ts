// The request pipeline as a Fetch handler, made from what it needs (CoreDependencies): the route
// table, a route-module loader, the build id, the HTML renderer, the configuration. It knows
// nothing of Vite: entry.rsc.tsx gives it the build's, a unit test its own. Each request is
// parsed once, then handed to exactly one of route handler, server function, or page (payload
// or document), inside the request's store, which names this handler (core-state.ts).

import type { FrameworkConfig } from '../config.ts'
import type { StaticPage } from '../static/page-store.ts'
import { type PrerenderTarget, prerenderTargets } from '../static/prerender-targets.ts'
import { hostNotAllowedResponse, noRouteResponse, wrongMethodResponse } from '../wire/errors.ts'
import {
  HEADER_FORWARDED_HOST,
  matchesHostPattern,
  type ParsedRequest,
  parseRequest,
  readRouterState,
  redirectTo,
} from '../wire/protocol.ts'
import { handleWithAfter } from './after.ts'
import { type Core, type CoreDependencies, createCore } from './core-state.ts'
import { failedRequestResponse } from './dev-errors.ts'
import { answerMetadataFile } from './metadata-file-routes.ts'
import { handleRoute } from './method-handlers.ts'
import { type MiddlewareRun, runMiddleware } from './middleware-run.ts'
import { metadataBuildTargets } from './prerendered-metadata.ts'
import { requestAt } from './request-at.ts'
import {
  createRequestStore,
  type RequestContext,
  runWithRequest,
  withRequestCaching,
  withSetCookies,
} from './request-store.ts'
import { servePage } from './serve-page.ts'
import { answerCall, answerFormPost } from './server-functions/respond.ts'
import { isStaticHandler, serveStaticHandler } from './static-route-handlers.ts'

export type RequestHandler = (request: Request) => Promise<Response>

async function dispatch(core: Core, request: Request, parsed: ParsedRequest) {
  const { url } = parsed
  // Metadata files (robots.txt, icon.png, …) answer GET and HEAD before any route.
  if (parsed.type === 'document') {
    const file = await answerMetadataFile(core, request, url.pathname)
    if (file) return file
  }
  // A client navigation (or a call from the page) sends its router state: it may intercept, and
  // keeps what unmatched slots show. A document never does (docs/routing.md).
  const fromClient = parsed.type === 'payload' || parsed.type === 'action'
  const state = fromClient && core.routes.hasSlots ? readRouterState(request) : null
  const match = core.routes.match(url.pathname, state)
  if (match?.route.type === 'handler' && parsed.type !== 'payload') {
    const { file } = match.route
    const route = { file, mod: await core.load(file) }
    // A GET declared static is answered once and served from memory (static-route-handlers.ts).
    if (await isStaticHandler(core, request.method, match, route.mod))
      return serveStaticHandler(core, request, url, route, match)
    return handleRoute(request, route, match.params, core.config.routeHandlers)
  }
  const page = match?.route.type === 'page' ? match : null
  switch (parsed.type) {
    case 'payload':
    case 'document':
      return servePage(core, request, url, page, parsed.type)
    case 'action':
      return answerCall(core, request, parsed, page)
    case 'form-action':
      return answerFormPost(core, request, parsed, page)
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
  /** The origin the pages are rendered against (config.ts `origin`): what the build asks for. */
  origin: string
  handler: RequestHandler
  targets(): Promise<PrerenderTarget[]>
  /** The metadata routes to make once (server/prerendered-metadata.ts): their URLs. */
  metadataTargets(): Promise<string[]>
  /** The page the handler kept for `pathname`, if its render showed it static. */
  page(pathname: string): StaticPage | undefined
  /** What the handler's renders found the route to be. */
  rendering(routeFile: string): 'static' | 'dynamic' | undefined
  /** Why a route that opts into partial prerendering has no shell, if it has none. */
  shellRefusal(routeFile: string): string | undefined
}

export function createPrerenderer(deps: CoreDependencies): Prerenderer {
  const core = createCore(deps)
  return {
    buildId: core.buildId,
    origin: core.config.origin,
    handler: (request) => handleWithAfter(request, () => handle(core, request)),
    targets: () => prerenderTargets(core.routes, core.load, core.classification),
    metadataTargets: () => metadataBuildTargets(core),
    page: (pathname) => core.pages.kept(pathname),
    rendering: (routeFile) => core.classification.renderingOf(routeFile),
    shellRefusal: (routeFile) => core.classification.shellRefusalOf(routeFile),
  }
}

/** `host` (a Host header's value) names the configured origin's host or one allowedHosts lists. */
function isAllowedHost(host: string, config: FrameworkConfig): boolean {
  // Ports do not count, as in Vite's server.allowedHosts: a host name is allowed or not.
  const hostname = URL.canParse(`http://${host}`) ? new URL(`http://${host}`).hostname : host
  if (hostname === new URL(config.origin).hostname) return true
  return config.allowedHosts.some((pattern) => matchesHostPattern(hostname, pattern))
}

/**
 * 400 for a request that names a host `allowedHosts` does not accept (docs/security.md): its
 * Host (with `trustProxy`, its X-Forwarded-Host), and the host of its URL, which an absolute-form
 * request target names. Null when the list is empty (every host) or both are accepted.
 */
function refusedHost(
  request: Request,
  parsed: ParsedRequest,
  config: FrameworkConfig,
): Response | null {
  if (config.allowedHosts.length === 0) return null
  const forwarded = config.trustProxy && request.headers.has(HEADER_FORWARDED_HOST)
  const hosts = forwarded ? [parsed.host] : [parsed.host, parsed.url.host]
  const refused = hosts.find((host) => !isAllowedHost(host, config))
  return refused === undefined ? null : hostNotAllowedResponse(refused)
}

/**
 * One request: the middleware first, if the app has one (server/middleware-run.ts), then its route.
 * A host `allowedHosts` does not accept is refused first. A path spelled another way than its
 * canonical one (docs/routing.md, "One spelling of a path"): a document moves there with 308;
 * anything else is answered as the canonical URL, the middleware's matcher included.
 */
async function handle(core: Core, spelled: Request): Promise<Response> {
  const parsed = parseRequest(spelled, core.config.trustProxy)
  const refusal = refusedHost(spelled, parsed, core.config)
  if (refusal) return refusal
  const { canonicalUrl } = parsed
  if (canonicalUrl && parsed.type === 'document') {
    return redirectTo(canonicalUrl.pathname + canonicalUrl.search, 308)
  }
  const request = canonicalUrl ? requestAt(spelled, canonicalUrl) : spelled
  if (!core.middleware) return serve(core, request, parsed)
  const middleware: MiddlewareRun = {
    host: core.middleware,
    routes: core.routes,
    storeFor: (request, parsed) => createRequestStore(request, 'middleware', { core, parsed }),
    next: (forwarded, target, shownUrl, cookiesSet) =>
      serve(core, forwarded, target, { shownUrl, cookiesSet }),
  }
  return runMiddleware(middleware, request, parsed)
}

/**
 * One request, inside its store: dispatched, any failure answered 500. From the middleware:
 * `shownUrl`, the URL the browser asked for when it rewrote it to `parsed.url`, and `cookiesSet`,
 * the cookies it set, which the route's cookies() reads.
 */
function serve(
  core: Core,
  request: Request,
  parsed: ParsedRequest,
  middleware: Pick<RequestContext, 'shownUrl' | 'cookiesSet'> = {},
) {
  return runWithRequest(
    request,
    async () => {
      try {
        return withSetCookies(withRequestCaching(await dispatch(core, request, parsed)))
      } catch (error) {
        return failedRequestResponse(core, request, parsed, error)
      }
    },
    'render',
    { core, parsed, ...middleware },
  )
}
