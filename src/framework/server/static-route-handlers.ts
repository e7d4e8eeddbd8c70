// Static route handlers: a route.ts whose GET is declared static (`dynamic = 'force-static'`,
// `revalidate = N` with N > 0, or generateStaticParams()) is answered once per pathname, from the
// pathname alone (no query, headers or cookies), and kept in the static page store
// (static/page-store.ts) beside static pages: same ETag and 304, same freshness rules. Other GET
// handlers run per request (docs/routing.md, "Static route handlers").

import { hideRequestData, markDynamic } from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import type { KeptHeaders, StaticAnswer } from '../static/page-store.ts'
import { CONTENT_TYPE_TEXT } from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import { pageUrlOf, WHOLE_RENDER_TIMEOUT_MS } from './detached-renders.ts'
import { isDraftModeRequest } from './draft-mode.ts'
import { fromMemory } from './from-memory.ts'
import { handleRoute, type RouteModule } from './method-handlers.ts'
import { runDetached } from './request-store.ts'

/**
 * Whether `route`'s GET is static: its segment config (static/classification.ts) says
 * 'force-static', a `revalidate` over 0, or it has generateStaticParams(); `revalidate = 0` or
 * `dynamic = 'force-dynamic'` say it is not.
 */
export async function isStaticHandler(
  core: Core,
  method: string,
  match: RouteMatch,
  mod: Record<string, unknown>,
): Promise<boolean> {
  if (method !== 'GET' && method !== 'HEAD') return false
  const { mode, revalidate } = await core.classification.configOf(match.route, core.load)
  if (mode === 'force-dynamic') return false
  return (
    mode === 'force-static' ||
    (revalidate !== undefined && revalidate > 0) ||
    typeof mod.generateStaticParams === 'function'
  )
}

function keepableHeaders(response: Response): KeptHeaders {
  const headers: KeptHeaders = {}
  response.headers.forEach((value, name) => {
    // Set-Cookie belongs to one visitor; the rest is the framework's to say (fromMemory).
    if (!['set-cookie', 'cache-control', 'etag', 'content-length'].includes(name))
      headers[name] = value
  })
  return headers
}

/**
 * Runs GET for `url`'s path, detached from the visitor, and keeps a 200 answer. Its request names
 * the configured origin, never the visitor's Host or request target (docs/security.md).
 */
async function produce(
  core: Core,
  url: URL,
  route: RouteModule,
  match: RouteMatch,
): Promise<StaticAnswer> {
  const pageUrl = pageUrlOf(url, core.config.origin)
  const request = new Request(pageUrl, { signal: AbortSignal.timeout(WHOLE_RENDER_TIMEOUT_MS) })
  const { revalidate } = await core.classification.configOf(match.route, core.load)
  return runDetached(core, request, async () => {
    hideRequestData()
    return core.pages.renderToKeep(
      url.pathname,
      async () => {
        const response = await handleRoute(request, route, match.params, core.config.routeHandlers)
        const bytes = new Uint8Array(await response.arrayBuffer())
        return {
          payload: bytes,
          bytes,
          status: response.status,
          headers: keepableHeaders(response),
        }
      },
      ({ status }) => status === 200,
      revalidate,
    )
  })
}

/** Call within the request's context, for a GET or HEAD that isStaticHandler() accepted. */
export async function serveStaticHandler(
  core: Core,
  request: Request,
  url: URL,
  route: RouteModule,
  match: RouteMatch,
): Promise<Response> {
  // Draft mode: run for this request, as a dynamic handler (draft-mode.ts), and private as one.
  if (isDraftModeRequest(core)) {
    markDynamic('draft mode')
    return handleRoute(request, route, match.params, core.config.routeHandlers)
  }
  const stored = await core.pages.fresh(url.pathname)
  if (stored?.headers) return fromMemory(request, stored.payload, stored.headers)
  if (!(await core.classification.isListed(match, core.load))) {
    return new Response('Not Found\n', {
      status: 404,
      headers: { 'content-type': CONTENT_TYPE_TEXT },
    })
  }
  const { result } = core.staticAnswers.share(url.pathname, () => produce(core, url, route, match))
  const answer = await result
  if (answer.page) return fromMemory(request, answer.page.payload, answer.headers)
  // Not kept (not a 200), yet made from no visitor's data: each waiter gets its own copy.
  return new Response(answer.bytes, { status: answer.status, headers: answer.headers })
}
