// GET (or HEAD) of a page, as a payload or a document. Dynamic routes stream every time. A
// static route's page is served from memory (static-pages.ts) with an ETag, so a matching
// If-None-Match answers 304. A route not classified yet is rendered whole first: that one
// render classifies it, and also answers this request.
import { buildId } from 'virtual:framework/options'
import { now } from './cache/clock.ts'
import { type CacheUse, collectCacheUse } from './cache/hooks.ts'
import { pathTag } from './cache/tags.ts'
import { DOCUMENT_HEADERS, documentsNeedNonce, renderDocument } from './document.ts'
import { readAll, responseFromNodeStream } from './node-stream-body.ts'
import {
  CONTENT_TYPE_HTML,
  CONTENT_TYPE_PAYLOAD,
  HEADER_BUILD_ID,
  HEADER_PREFETCH,
  HEADER_ROUTE_KIND,
  type RouteKind,
} from './protocol.ts'
import { type RenderedRoute, renderRoute } from './render.tsx'
import { getDynamicReason, hadRenderErrors, hideRequestData } from './request-context.ts'
import type { RouteMatch } from './route-table.ts'
import {
  freshStaticPage,
  routeKindOf,
  type StaticBody,
  type StaticPage,
  setRouteKind,
  setStaticPage,
  toStaticBody,
} from './static-pages.ts'
import { type RenderingMode, renderingMode } from './tree.tsx'

export type PageFormat = 'payload' | 'document'

function payloadHeaders(kind: RouteKind): Record<string, string> {
  return {
    'content-type': CONTENT_TYPE_PAYLOAD,
    [HEADER_BUILD_ID]: buildId,
    [HEADER_ROUTE_KIND]: kind,
  }
}

export function payloadResponse({ body, status }: RenderedRoute, kind: RouteKind): Response {
  return responseFromNodeStream(body, { status, headers: payloadHeaders(kind) })
}

function fromMemory(request: Request, body: StaticBody, headers: Record<string, string>): Response {
  // Caches may keep it, but must ask again each time: the ETag makes that a cheap 304.
  const all = { ...headers, etag: body.etag, 'cache-control': 'no-cache' }
  const match = request.headers.get('if-none-match')
  if (match?.split(',').some((tag) => tag.trim() === body.etag)) {
    return new Response(null, { status: 304, headers: all })
  }
  return new Response(body.bytes, { headers: all })
}

async function serveStatic(
  request: Request,
  url: URL,
  match: RouteMatch,
  page: StaticPage,
  format: PageFormat,
): Promise<Response> {
  if (format === 'payload') return fromMemory(request, page.payload, payloadHeaders('static'))
  if (documentsNeedNonce())
    return renderDocument(request, url, match, { payload: page.payload.bytes })
  if (!page.html) {
    const response = await renderDocument(request, url, match, { payload: page.payload.bytes })
    if (response.status !== 200 || !response.body) return response
    page.html = toStaticBody(new Uint8Array(await response.arrayBuffer()))
    setStaticPage(url.pathname, page) // stored again, so the LRU counts the HTML's bytes
  }
  return fromMemory(request, page.html, { ...DOCUMENT_HEADERS, 'content-type': CONTENT_TYPE_HTML })
}

interface WholeRender {
  payload: Uint8Array<ArrayBuffer>
  status: number
  /** Set when the render showed the route static and the page was stored. */
  page?: StaticPage
}

/**
 * Renders the page to its end, detached from the client's connection: a client that leaves
 * must not cut short a render that is about to classify the route or be served to others.
 */
async function renderWhole(
  request: Request,
  url: URL,
  match: RouteMatch,
  mode: RenderingMode,
): Promise<WholeRender> {
  if (mode === 'force-static') hideRequestData()
  const renderedAt = now() // on the cache's clock, which revalidation timestamps use
  const data: CacheUse = { tags: new Set(), expiresAt: undefined }
  const detached = new Request(request.url, { headers: request.headers })
  const { rendered, payload } = await collectCacheUse(data, async () => {
    const rendered = await renderRoute(detached, url, match)
    return { rendered, payload: await readAll(rendered.body) }
  })
  const whole = { payload, status: rendered.status }
  if (getDynamicReason() !== undefined) {
    setRouteKind(match.route.file, 'dynamic')
    return whole
  }
  // A page that failed or was interrupted is not kept; the route may still be static.
  if (rendered.status !== 200 || hadRenderErrors()) return whole
  setRouteKind(match.route.file, 'static')
  const page: StaticPage = {
    payload: toStaticBody(payload),
    tags: [pathTag(url.pathname), ...data.tags],
    renderedAt,
    expiresAt: data.expiresAt,
  }
  setStaticPage(url.pathname, page)
  return { ...whole, page }
}

/** Renders of static pages under way, by pathname: requests that arrive meanwhile share them. */
const sharedRenders = new Map<string, Promise<WholeRender>>()

async function renderStatic(request: Request, url: URL, match: RouteMatch, mode: RenderingMode) {
  const shared = sharedRenders.get(url.pathname)
  if (shared) {
    const other = await shared
    // Not storable (an error, or the route turned out dynamic): this request renders its own.
    return other.page ? other : renderWhole(request, url, match, mode)
  }
  const render = renderWhole(request, url, match, mode).finally(() => {
    sharedRenders.delete(url.pathname)
  })
  sharedRenders.set(url.pathname, render)
  return render
}

/** Call within the request's context. `match` null renders the 404 screen. */
export async function servePage(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  format: PageFormat,
): Promise<Response> {
  let kind = match ? routeKindOf(match.route.file) : 'dynamic'
  const mode = match ? await renderingMode(match.route) : 'auto'
  if (match && kind === undefined && mode !== 'auto') {
    kind = mode === 'force-dynamic' ? 'dynamic' : 'static'
    setRouteKind(match.route.file, kind)
  }
  if (!match || kind === 'dynamic') {
    if (format === 'payload' && request.headers.has(HEADER_PREFETCH)) {
      return new Response(null, { status: 204, headers: payloadHeaders('dynamic') })
    }
    if (format === 'document') return renderDocument(request, url, match)
    return payloadResponse(await renderRoute(request, url, match), 'dynamic')
  }

  const stored = await freshStaticPage(url.pathname)
  if (stored) return serveStatic(request, url, match, stored, format)

  // Only a finished render tells whether a route is static; one known static is shared.
  const whole =
    kind === 'static'
      ? await renderStatic(request, url, match, mode)
      : await renderWhole(request, url, match, mode)
  if (whole.page) return serveStatic(request, url, match, whole.page, format)
  if (format === 'document') return renderDocument(request, url, match, { payload: whole.payload })
  return new Response(whole.payload, { status: whole.status, headers: payloadHeaders('dynamic') })
}
