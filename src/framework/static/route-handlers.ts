// Static route handlers: a route.ts whose GET is declared static (`dynamic = 'force-static'`,
// `revalidate = N` with N > 0, or generateStaticParams()) is answered once per pathname, from the
// pathname alone (no query, headers or cookies), and kept in the static page store
// (static/page-store.ts) beside static pages: same ETag and 304, same freshness rules. Other GET
// handlers run per request (docs/routing.md, "Static route handlers").
import { earliest } from '../cache/clock.ts'
import type { Params } from '../routing/types.ts'
import type { Core } from '../server/core-state.ts'
import { isDraftModeRequest } from '../server/draft-mode.ts'
import { handleRoute, type RouteModule } from '../server/method-handlers.ts'
import { currentCore, runDetached } from '../server/request-store.ts'
import { fromMemory, pageUrlOf, WHOLE_RENDER_TIMEOUT_MS } from '../server/serve-page.ts'
import { CONTENT_TYPE_TEXT } from '../wire/protocol.ts'
import { hideRequestData, markDynamic } from './classification.ts'
import type { StaticPage } from './page-store.ts'

/** What a kept answer needs beside its bytes (its status is always 200). */
type KeptHeaders = Record<string, string>

/** The headers of each kept answer, by its body's bytes (the store keeps the bytes object). */
const keptHeaders = new WeakMap<Uint8Array, KeptHeaders>()

interface Produced {
  bytes: Uint8Array<ArrayBuffer>
  status: number
  headers: KeptHeaders
  page?: StaticPage
}

/** Whether `mod`'s GET is static; `revalidate = 0` or `dynamic = 'force-dynamic'` say it is not. */
export function isStaticHandler(method: string, mod: Record<string, unknown>): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false
  if (mod.dynamic === 'force-dynamic' || mod.revalidate === 0) return false
  return (
    mod.dynamic === 'force-static' ||
    (typeof mod.revalidate === 'number' && mod.revalidate > 0) ||
    typeof mod.generateStaticParams === 'function'
  )
}

function sameParams(a: Params, b: Record<string, unknown>): boolean {
  const value = (v: unknown) => (Array.isArray(v) ? v.join('/') : String(v))
  return Object.entries(a).every(([name, v]) => name in b && value(b[name]) === value(v))
}

/** `dynamicParams = false`: only the params generateStaticParams() lists exist. */
async function isListed(mod: Record<string, unknown>, params: Params): Promise<boolean> {
  if (mod.dynamicParams !== false || typeof mod.generateStaticParams !== 'function') return true
  const listed: unknown = await mod.generateStaticParams()
  return (
    Array.isArray(listed) &&
    listed.some((entry) => typeof entry === 'object' && entry && sameParams(params, entry))
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
function produce(core: Core, url: URL, route: RouteModule, params: Params): Promise<Produced> {
  const pageUrl = pageUrlOf(url, core.config.origin)
  const request = new Request(pageUrl, { signal: AbortSignal.timeout(WHOLE_RENDER_TIMEOUT_MS) })
  return runDetached(request, async () => {
    hideRequestData()
    return core.pages
      .renderToKeep(
        url.pathname,
        async () => {
          const response = await handleRoute(request, route, params, core.config.routeHandlers)
          const bytes = new Uint8Array(await response.arrayBuffer())
          const headers = keepableHeaders(response)
          keptHeaders.set(bytes, headers)
          return { payload: bytes, bytes, status: response.status, headers }
        },
        ({ status }) => status === 200,
      )
      .then((produced) => {
        const seconds = route.mod.revalidate
        if (produced.page && typeof seconds === 'number' && seconds > 0) {
          const page = produced.page
          page.expiresAt = earliest(page.expiresAt, page.renderedAt + seconds * 1000)
        }
        return produced
      })
  })
}

/** Answers under way, per handler and pathname: requests that arrive meanwhile share them. */
const underWayByCore = new WeakMap<Core, Map<string, Promise<Produced>>>()

function produceShared(url: URL, route: RouteModule, params: Params): Promise<Produced> {
  const core = currentCore()
  let underWay = underWayByCore.get(core)
  if (!underWay) {
    underWay = new Map()
    underWayByCore.set(core, underWay)
  }
  const shared = underWay.get(url.pathname)
  if (shared) return shared
  const produced = produce(core, url, route, params).finally(() => underWay.delete(url.pathname))
  underWay.set(url.pathname, produced)
  return produced
}

/** Call within the request's context, for a GET or HEAD that isStaticHandler() accepted. */
export async function serveStaticHandler(
  request: Request,
  url: URL,
  route: RouteModule,
  params: Params,
): Promise<Response> {
  // Draft mode: run for this request, as a dynamic handler (draft-mode.ts), and private as one.
  const core = currentCore()
  if (isDraftModeRequest()) {
    markDynamic('draft mode')
    return handleRoute(request, route, params, core.config.routeHandlers)
  }
  const stored = await core.pages.fresh(url.pathname)
  const storedHeaders = stored && keptHeaders.get(stored.payload.bytes)
  if (stored && storedHeaders) return fromMemory(request, stored.payload, storedHeaders)
  if (!(await isListed(route.mod, params))) {
    return new Response('Not Found\n', {
      status: 404,
      headers: { 'content-type': CONTENT_TYPE_TEXT },
    })
  }
  const produced = await produceShared(url, route, params)
  if (produced.page) return fromMemory(request, produced.page.payload, produced.headers)
  // Not kept (not a 200), yet made from no visitor's data: each waiter gets its own copy.
  return new Response(produced.bytes, { status: produced.status, headers: produced.headers })
}
