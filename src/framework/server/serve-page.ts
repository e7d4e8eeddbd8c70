// GET (or HEAD) of a page, as a payload or a document. Dynamic routes stream every time. A
// static route's page is served from memory (static/page-store.ts) with an ETag, so a matching
// If-None-Match answers 304. A route not classified yet is rendered whole first, detached from
// the visitor (only its pathname, no headers): that one render classifies it, and answers this
// request unless it turned out to read the request.

import {
  getDynamicReason,
  hideRequestData,
  markDynamic,
  onMarkedDynamic,
  ReadTheRequestError,
} from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import { NO_SEGMENT_CONFIG, type SegmentConfig } from '../static/classification.ts'
import { type StaticBody, type StaticPage, toStaticBody } from '../static/page-store.ts'
import { internalServerErrorResponse, reportServerError } from '../wire/errors.ts'
import { readAll } from '../wire/node-body.ts'
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
import { rewrittenFrom, runDetached } from './request-store.ts'

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
  const response = await runDetached(core, detached, () =>
    renderDocument(core, detached, pageUrl, match, { payload: page.payload.bytes }),
  )
  const complete = response.status === 200 && response.body !== null
  const html = complete ? new Uint8Array(await response.arrayBuffer()) : undefined
  if (signal.aborted) return {}
  return html ? { html: toStaticBody(html) } : { response }
}

/**
 * A static page's document from memory. Its HTML is rendered once, for the requests that ask for
 * it meanwhile (core.staticHtml): its bytes (which chunks of client code it preloads, in which
 * order, depends on what loaded first) are the same for all of them.
 */
async function staticDocument(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch,
  page: StaticPage,
): Promise<Response> {
  if (documentsNeedNonce(core)) {
    return renderDocument(core, request, url, match, { payload: page.payload.bytes })
  }
  if (!page.html) {
    const { result, started } = core.staticHtml.share(page, () =>
      renderHtml(core, url, match, page),
    )
    // A render's own answer (not a 200) is read by the request that started it only.
    const rendered: { html?: StaticBody; response?: Response } = started
      ? await result
      : await result.then(
          ({ html }) => ({ html }),
          () => ({}),
        )
    if (rendered.response) return rendered.response
    if (!rendered.html) {
      return renderDocument(core, request, url, match, { payload: page.payload.bytes })
    }
    if (page.html !== rendered.html) {
      page.html = rendered.html
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
  return runDetached(core, request, async () => {
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
          const rendered = await renderRoute(core, request, pageUrl, match, { heldErrors })
          return { payload: await readAll(rendered.body), status: rendered.status }
        },
        // A page that failed or was interrupted is not kept; the route may still be static.
        ({ status }) => {
          if (controller.signal.aborted || getDynamicReason() !== undefined) return false
          if (status !== 200 || hadRenderErrors()) return false
          core.classification.setRendering(match.route.file, 'static')
          return true
        },
        revalidate,
      )
      .then((result) => {
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

/** What a page request is answered with: decided first (decide()), then rendered once (answer()). */
type PageAnswer =
  /** Rendered for this request and streamed: a dynamic route, a draft, a view of its own. */
  | { from: 'render' }
  /** A prefetch of a page rendered per request: nothing to keep, so nothing is rendered. */
  | { from: 'nothing' }
  /** A static page kept in memory. */
  | { from: 'memory'; page: StaticPage }
  /** A whole render that was not kept (an error, an interrupt), yet showed nothing of a visitor. */
  | { from: 'whole'; whole: WholeRender }
  /** A whole render that did not finish in time. */
  | { from: 'failure'; failure: Error }

/** The route as served: `dynamicParams = false` makes params generateStaticParams() does not list not found. */
async function servedMatch(
  core: Core,
  matched: RouteMatch | null,
): Promise<{ match: RouteMatch | null; config: SegmentConfig }> {
  if (!matched) return { match: null, config: NO_SEGMENT_CONFIG }
  const { classification } = core
  const config = await classification.configOf(matched.route, core.load)
  if (!(await classification.isListed(matched, core.load))) {
    return { match: null, config: NO_SEGMENT_CONFIG }
  }
  return { match: matched, config }
}

async function decide(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch | null,
  config: SegmentConfig,
  format: PageFormat,
): Promise<PageAnswer> {
  const { classification } = core
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
    const prefetch = format === 'payload' && request.headers.has(HEADER_PREFETCH)
    return { from: prefetch ? 'nothing' : 'render' }
  }
  const stored = await core.pages.fresh(url.pathname)
  if (stored) return { from: 'memory', page: stored }
  // Only a finished render tells whether a route is static. It saw nothing of any visitor, so
  // the requests that arrive meanwhile share it, whatever it ends with; its after() callbacks
  // are this request's, unless the visitor's page is rendered again.
  const whole = await core.wholeRenders.share(url.pathname, () =>
    withOwnAfterQueue(
      () => renderWhole(core, url, match, config),
      (whole) => !whole.dynamic,
    ),
  ).result
  if (whole.failure) return { from: 'failure', failure: whole.failure }
  if (whole.page) return { from: 'memory', page: whole.page }
  // It read the request (it had none to read): this visitor's page is rendered from theirs.
  if (whole.dynamic) return { from: 'render' }
  return { from: 'whole', whole }
}

async function answer(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch | null,
  decided: PageAnswer,
  format: PageFormat,
): Promise<Response> {
  const { buildId } = core
  if (format === 'payload') {
    switch (decided.from) {
      case 'nothing':
        return new Response(null, { status: 204, headers: payloadHeaders(buildId, 'dynamic') })
      case 'render':
        return payloadResponse(buildId, await renderRoute(core, request, url, match), 'dynamic')
      case 'memory':
        return fromMemory(request, decided.page.payload, payloadHeaders(buildId, 'static'))
      case 'whole': {
        const { payload, status } = decided.whole
        return new Response(payload, { status, headers: payloadHeaders(buildId, 'dynamic') })
      }
      case 'failure':
        return internalServerErrorResponse(decided.failure)
    }
  }
  switch (decided.from) {
    case 'nothing':
    case 'render':
      return renderDocument(core, request, url, match)
    case 'memory':
      return staticDocument(core, request, url, match!, decided.page)
    case 'whole':
      // Its errors set the document's status as the visitor's own render's would.
      adoptRecordedErrors(decided.whole.errors)
      return renderDocument(core, request, url, match, { payload: decided.whole.payload })
    case 'failure':
      return renderDocument(core, request, url, match, { error: decided.failure })
  }
}

/** Call within the request's context. `matched` null renders the 404 screen. */
export async function servePage(
  core: Core,
  request: Request,
  url: URL,
  matched: RouteMatch | null,
  format: PageFormat,
): Promise<Response> {
  const { match, config } = await servedMatch(core, matched)
  const decided = await decide(core, request, url, match, config, format)
  const response = await answer(core, request, url, match, decided, format)
  // What of the client's router state this payload depends on (docs/protocol.md, "Router state").
  const reads = match?.view?.reads
  if (format === 'payload' && reads?.length) {
    response.headers.set(HEADER_ROUTER_STATE_READS, reads.join(', '))
  }
  return response
}
