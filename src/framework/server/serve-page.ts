// GET (or HEAD) of a page, as a payload or a document. Dynamic routes stream every time. A
// static route's page is served from memory (static/page-store.ts) with an ETag, so a matching
// If-None-Match answers 304. A route not classified yet is rendered whole first, detached from
// the visitor (only its pathname, no headers): that one render classifies it, and answers this
// request unless it turned out to read the request.
import { earliest } from '../cache/clock.ts'
import { readAll } from '../node/stream-body.ts'
import type { RouteMatch } from '../routing/types.ts'
import {
  getDynamicReason,
  hideRequestData,
  markDynamic,
  NO_SEGMENT_CONFIG,
  onMarkedDynamic,
  ReadTheRequestError,
  type SegmentConfig,
} from '../static/classification.ts'
import { type StaticBody, type StaticPage, toStaticBody } from '../static/page-store.ts'
import { internalServerErrorResponse, reportServerError } from '../wire/errors.ts'
import {
  CACHE_CONTROL_STATIC,
  CONTENT_TYPE_HTML,
  HEADER_PREFETCH,
  HEADER_ROUTER_STATE_READS,
} from '../wire/protocol.ts'
import { withOwnAfterQueue } from './after.ts'
import type { Core, WholeRender } from './core-state.ts'
import { DOCUMENT_HEADERS, documentsNeedNonce, renderDocument } from './document.ts'
import { isDraftModeRequest } from './draft-mode.ts'
import { payloadHeaders, payloadResponse } from './payload-response.ts'
import { adoptRecordedErrors, hadRenderErrors, recordedErrors } from './render-errors.ts'
import { renderRoute } from './render-payload.tsx'
import { currentCore, rewrittenFrom, runDetached } from './request-store.ts'

/**
 * Longest a whole render (one whose result may be kept for everyone) may take. Past it the
 * render is stopped, its requests answer 500, and nothing is kept.
 */
export const WHOLE_RENDER_TIMEOUT_MS = 10_000

export type PageFormat = 'payload' | 'document'

/** If-None-Match compares weakly (RFC 9110, 13.1.2): `W/"x"` matches `"x"`; `*` matches any. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false
  return header.split(',').some((listed) => {
    const tag = listed.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

// Exported for static route handlers (static/route-handlers.ts), served the same way.
export function fromMemory(
  request: Request,
  body: StaticBody,
  headers: Record<string, string>,
): Response {
  // Caches may keep it, but must ask again each time: the ETag makes that a cheap 304.
  const all = { ...headers, etag: body.etag, 'cache-control': CACHE_CONTROL_STATIC }
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), body.etag)) {
    return new Response(null, { status: 304, headers: all })
  }
  return new Response(body.bytes, { headers: all })
}

/**
 * The URL a render kept for everyone sees: the handler's configured `origin` (config.ts) and the
 * page's pathname, nothing else of the visitor's URL: not their Host or absolute request target
 * (docs/security.md), query or hash. The pathname is set rather than resolved: `new URL('//x',
 * origin)` would read a path that begins with `//` as a host.
 */
export function pageUrlOf(url: URL, origin: string): URL {
  const pageUrl = new URL(origin)
  pageUrl.pathname = url.pathname
  return pageUrl
}

/** The request a shared render sees: the page's URL, nothing of the visitor. */
function detachedRequest(pageUrl: URL, signal?: AbortSignal): Request {
  return new Request(pageUrl, { signal })
}

/**
 * A static page's HTML is rendered once for the requests that ask for it meanwhile: its bytes
 * (which chunks of client code it preloads, in which order, depends on what loaded first) are
 * the same for all of them. Keyed by the page, which one handler's store holds.
 */
const htmlRenders = new WeakMap<StaticPage, Promise<StaticBody | undefined>>()

/**
 * Renders the page's HTML for everyone: detached, so a visitor who leaves cannot cut it short,
 * and bounded. `response` is the render's answer when it was not kept (not a 200, or cut short
 * by the time limit: then undefined, and the visitor's HTML streams from their own render).
 */
async function renderHtml(
  core: Core,
  url: URL,
  match: RouteMatch,
  page: StaticPage,
): Promise<{ html?: StaticBody; response?: Response }> {
  const pageUrl = pageUrlOf(url, core.config.origin)
  const signal = AbortSignal.timeout(WHOLE_RENDER_TIMEOUT_MS)
  const detached = detachedRequest(pageUrl, signal)
  const response = await runDetached(detached, () =>
    renderDocument(detached, pageUrl, match, { payload: page.payload.bytes }),
  )
  const complete = response.status === 200 && response.body !== null
  const html = complete ? new Uint8Array(await response.arrayBuffer()) : undefined
  if (signal.aborted) return {}
  return html ? { html: toStaticBody(html) } : { response }
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
  const core = currentCore()
  if (!page.html) {
    const shared = htmlRenders.get(page)
    let html: StaticBody | undefined
    if (shared) html = await shared
    else {
      const rendering = renderHtml(core, url, match, page)
      htmlRenders.set(
        page,
        rendering.then(
          (rendered) => rendered.html,
          () => undefined,
        ),
      )
      const rendered = await rendering.finally(() => htmlRenders.delete(page))
      if (rendered.response) return rendered.response
      html = rendered.html
    }
    if (!html) return renderDocument(request, url, match, { payload: page.payload.bytes })
    if (page.html !== html) {
      page.html = html
      core.pages.set(url.pathname, page) // stored again, so the LRU counts its bytes
    }
  }
  return fromMemory(request, page.html, { ...DOCUMENT_HEADERS, 'content-type': CONTENT_TYPE_HTML })
}

/**
 * Renders the page to its end for everyone: from the pathname alone (no query, cookies or
 * headers), detached from the visitor's connection (a client that leaves must not cut short a
 * render that may be kept), and within WHOLE_RENDER_TIMEOUT_MS.
 */
function renderWhole(
  core: Core,
  url: URL,
  match: RouteMatch,
  { mode, revalidate }: SegmentConfig,
): Promise<WholeRender> {
  const pageUrl = pageUrlOf(url, core.config.origin)
  const controller = new AbortController()
  const request = detachedRequest(pageUrl, controller.signal)
  const heldErrors: unknown[] = []
  return runDetached(request, async () => {
    if (mode === 'force-static') hideRequestData()
    // A render that read the request will not be kept, nor answer anyone: it is not waited for
    // (it may stream for long after; docs/caching.md, "How routes are classified").
    const readTheRequest = new Promise<WholeRender>((resolve) => {
      onMarkedDynamic(() => {
        core.classification.setRendering(match.route.file, 'dynamic')
        // Stopped once the component that read the request has returned, not inside it.
        queueMicrotask(() => controller.abort(new ReadTheRequestError()))
        resolve({ payload: new Uint8Array(), status: 200, dynamic: true, errors: [] })
      })
    })
    let timer: ReturnType<typeof setTimeout> | undefined
    const timedOut = new Promise<WholeRender>((resolve) => {
      timer = setTimeout(() => {
        const failure = new Error(
          `The render of ${url.pathname} did not finish within ${WHOLE_RENDER_TIMEOUT_MS / 1000} s, so it was stopped. A page that waits on slow work should export dynamic = 'force-dynamic' (it then streams) or show it behind loading.tsx.`,
        )
        reportServerError(failure)
        controller.abort(failure)
        resolve({ payload: new Uint8Array(), status: 500, dynamic: false, failure, errors: [] })
      }, WHOLE_RENDER_TIMEOUT_MS)
    })
    const rendered = core.pages
      .renderToKeep(
        url.pathname,
        async () => {
          const rendered = await renderRoute(request, pageUrl, match, { heldErrors })
          return { payload: await readAll(rendered.body), status: rendered.status }
        },
        // A page that failed or was interrupted is not kept; the route may still be static.
        ({ status }) => {
          if (controller.signal.aborted || getDynamicReason() !== undefined) return false
          if (status !== 200 || hadRenderErrors()) return false
          core.classification.setRendering(match.route.file, 'static')
          return true
        },
      )
      .then((result) => {
        // `export const revalidate = N`: the kept page is rendered again once it is N s old.
        if (result.page && revalidate) {
          const { page } = result
          page.expiresAt = earliest(page.expiresAt, page.renderedAt + revalidate * 1000)
        }
        const dynamic = getDynamicReason() !== undefined
        if (dynamic && !controller.signal.aborted) {
          core.classification.setRendering(match.route.file, 'dynamic')
        }
        // A dynamic page is rendered again for the visitor, which logs what it throws.
        if (!dynamic) for (const error of heldErrors) reportServerError(error)
        return { ...result, dynamic, errors: recordedErrors() }
      })
    try {
      return await Promise.race([rendered, timedOut, readTheRequest])
    } finally {
      clearTimeout(timer)
    }
  })
}

/** Requests that arrive while a whole render of their page is under way share it. */
function renderShared(url: URL, match: RouteMatch, config: SegmentConfig): Promise<WholeRender> {
  const core = currentCore()
  const { sharedRenders } = core
  const shared = sharedRenders.get(url.pathname)
  if (shared) return shared
  // Its after() callbacks are this request's, unless the visitor's page is rendered again.
  const render = withOwnAfterQueue(
    () => renderWhole(core, url, match, config),
    (whole) => !whole.dynamic,
  ).finally(() => {
    sharedRenders.delete(url.pathname)
  })
  sharedRenders.set(url.pathname, render)
  return render
}

function failureResponse(
  request: Request,
  url: URL,
  match: RouteMatch,
  format: PageFormat,
  failure: Error,
): Promise<Response> | Response {
  if (format === 'document') return renderDocument(request, url, match, { error: failure })
  return internalServerErrorResponse(failure)
}

/** A page rendered for this request and streamed. */
async function serveRendered(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  format: PageFormat,
): Promise<Response> {
  if (format === 'document') return renderDocument(request, url, match)
  return payloadResponse(await renderRoute(request, url, match), 'dynamic')
}

/** Call within the request's context. `match` null renders the 404 screen. */
export async function servePage(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  format: PageFormat,
): Promise<Response> {
  const response = await servePageAs(request, url, match, format)
  // What of the client's router state this payload depends on (docs/protocol.md, "Router state").
  const reads = match?.view?.reads
  if (format === 'payload' && reads?.length) {
    response.headers.set(HEADER_ROUTER_STATE_READS, reads.join(', '))
  }
  return response
}

async function servePageAs(
  request: Request,
  url: URL,
  matched: RouteMatch | null,
  format: PageFormat,
): Promise<Response> {
  const core = currentCore()
  const { classification } = core
  const matchedConfig = matched && (await classification.configOf(matched.route, core.load))
  // `dynamicParams = false`: params generateStaticParams() does not list are not found.
  const listed =
    !matchedConfig ||
    matchedConfig.dynamicParams ||
    (await classification.isListed(matched!, core.load))
  const match = listed ? matched : null
  const config = (listed && matchedConfig) || NO_SEGMENT_CONFIG
  let rendering = match ? classification.renderingOf(match.route.file) : 'dynamic'
  const { mode } = config
  if (match && rendering === undefined && mode !== 'auto') {
    rendering = mode === 'force-dynamic' ? 'dynamic' : 'static'
    classification.setRendering(match.route.file, rendering)
  }
  // Draft mode: rendered for this request, never stored nor served from the store (draft-mode.ts).
  // Nor is a view that depends on the client's router state (an interception, a kept slot), nor
  // a page the middleware rewrote to (its payload shows the browser's URL).
  const rewritten = rewrittenFrom() !== undefined
  const draft = isDraftModeRequest()
  // Its answer, a redirect too, is this visitor's (request-store.ts, withRequestCaching()).
  if (draft) markDynamic('draft mode')
  if (!match || rendering === 'dynamic' || draft || match.view?.stateDependent || rewritten) {
    // Rendered for this visitor (rewritten, or a view of the client's router state), a
    // force-static page still reads no request data; a draft reads it (draft-mode.ts).
    if (mode === 'force-static' && (rewritten || match?.view?.stateDependent)) hideRequestData()
    if (format === 'payload' && request.headers.has(HEADER_PREFETCH)) {
      return new Response(null, { status: 204, headers: payloadHeaders('dynamic') })
    }
    return serveRendered(request, url, match, format)
  }

  const stored = await core.pages.fresh(url.pathname)
  if (stored) return serveStatic(request, url, match, stored, format)

  // Only a finished render tells whether a route is static. It saw nothing of any visitor, so
  // the requests that arrive meanwhile share it, whatever it ends with.
  const whole = await renderShared(url, match, config)
  if (whole.failure) return failureResponse(request, url, match, format, whole.failure)
  if (whole.page) return serveStatic(request, url, match, whole.page, format)
  // It read the request (it had none to read): this visitor's page is rendered from theirs.
  if (whole.dynamic) return serveRendered(request, url, match, format)
  // Not kept (an error, an interrupt), yet nothing of a visitor: answered from its payload.
  if (format === 'document') {
    adoptRecordedErrors(whole.errors)
    return renderDocument(request, url, match, { payload: whole.payload })
  }
  return new Response(whole.payload, { status: whole.status, headers: payloadHeaders('dynamic') })
}
