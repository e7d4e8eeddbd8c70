// GET (or HEAD) of a page, as a payload or a document. Dynamic routes stream every time. A
// static route's page is served from memory (static/page-store.ts) with an ETag, so a matching
// If-None-Match answers 304. A route not classified yet is rendered whole first, detached from
// the visitor (only its pathname, no headers): that one render classifies it, and answers this
// request unless it turned out to read the request. A route that reads the request and opts into
// partial prerendering sends its kept shell, then its holes (shell-document.ts).

import { hideRequestData, markDynamic } from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import { NO_SEGMENT_CONFIG, type SegmentConfig } from '../static/classification.ts'
import {
  isShellPage,
  type ShellPage,
  type StaticBody,
  type StaticPage,
} from '../static/page-store.ts'
import { internalServerErrorResponse } from '../wire/errors.ts'
import { CONTENT_TYPE_HTML, HEADER_PREFETCH, HEADER_ROUTER_STATE_READS } from '../wire/protocol.ts'
import { withOwnAfterQueue } from './after.ts'
import type { Core, WholeRender } from './core-state.ts'
import { renderStaticHtml, renderWhole } from './detached-renders.ts'
import { DOCUMENT_HEADERS, documentsNeedNonce, renderDocument } from './document.ts'
import { isDraftModeRequest } from './draft-mode.ts'
import { fromMemory } from './from-memory.ts'
import { payloadHeaders, payloadResponse } from './payload-response.ts'
import { adoptRecordedErrors } from './render-errors.ts'
import { renderRoute } from './render-payload.tsx'
import { rewrittenFrom } from './request-store.ts'
import { shellDocument } from './shell-document.ts'
import { renderShell, SHELL_RETRY_S } from './shell-render.ts'

export type PageFormat = 'payload' | 'document'

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
      renderStaticHtml(core, url, match, page),
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

/** What a page request is answered with: decided first (decide()), then rendered once (answer()). */
type PageAnswer =
  /** Rendered for this request and streamed: a dynamic route, a draft, a view of its own. */
  | { from: 'render' }
  /** A prefetch of a page rendered per request: nothing to keep, so nothing is rendered. */
  | { from: 'nothing' }
  /** A static page kept in memory. */
  | { from: 'memory'; page: StaticPage; match: RouteMatch }
  /** A partially prerendered page: its shell from memory, its holes rendered for this visitor. */
  | { from: 'shell'; page: ShellPage; match: RouteMatch }
  /** A whole render that was not kept (an error, an interrupt), yet showed nothing of a visitor. */
  | { from: 'whole'; whole: WholeRender }
  /** A whole render that did not finish in time. */
  | { from: 'failure'; failure: Error }

/**
 * The route as served: with `dynamicParams = false`, params generateStaticParams() does not list
 * are not found.
 */
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

/**
 * The kept shell of a route that opts into partial prerendering, rendered first if need be; none
 * when the route cannot have one (docs/caching.md, "Partial prerendering").
 */
async function keptShell(
  core: Core,
  url: URL,
  match: RouteMatch,
  config: SegmentConfig,
): Promise<ShellPage | undefined> {
  const { classification } = core
  if (classification.shellRefusalOf(match.route.file, url.pathname) !== undefined) return undefined
  const stored = await core.pages.fresh(url.pathname)
  if (isShellPage(stored)) return stored
  // Its after() callbacks are dropped: each visitor's render of the page schedules its own.
  const outcome = await core.shellRenders.share(url.pathname, () =>
    withOwnAfterQueue(
      () => renderShell(core, url, match, config),
      () => false,
    ),
  ).result
  if ('page' in outcome) return isShellPage(outcome.page) ? outcome.page : undefined
  if (outcome.lasting) classification.refuseShell(match.route.file, url.pathname, outcome.refused)
  else classification.pauseShell(url.pathname, outcome.refused, SHELL_RETRY_S, outcome.quiet)
  return undefined
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
  const draft = isDraftModeRequest(core)
  // Its answer, a redirect too, is this visitor's (request-store.ts, withRequestCaching()).
  if (draft) markDynamic('draft mode')
  // A document of a route that reads the request may be its shell and the visitor's holes.
  const shellable =
    match !== null &&
    format === 'document' &&
    (config.ppr ?? core.config.ppr) &&
    mode !== 'force-dynamic' &&
    !core.dev &&
    !documentsNeedNonce(core) &&
    !draft &&
    !rewritten &&
    !match.view?.stateDependent
  const shell = async (match: RouteMatch): Promise<PageAnswer | undefined> => {
    const page = shellable ? await keptShell(core, url, match, config) : undefined
    return page && { from: 'shell', page, match }
  }
  if (match && rendering === 'dynamic') {
    const decided = await shell(match)
    if (decided) return decided
  }
  if (!match || rendering === 'dynamic' || draft || match.view?.stateDependent || rewritten) {
    // Rendered for this visitor (rewritten, or a view of the client's router state), a
    // force-static page still reads no request data; a draft reads it (draft-mode.ts).
    if (mode === 'force-static' && (rewritten || match?.view?.stateDependent)) hideRequestData()
    const prefetch = format === 'payload' && request.headers.has(HEADER_PREFETCH)
    return { from: prefetch ? 'nothing' : 'render' }
  }
  const stored = await core.pages.fresh(url.pathname)
  if (stored) return { from: 'memory', page: stored, match }
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
  if (whole.page) return { from: 'memory', page: whole.page, match }
  // It read the request (it had none to read): this visitor's page is rendered from theirs.
  if (whole.dynamic) return (await shell(match)) ?? { from: 'render' }
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
      case 'shell': // only documents are shells
        return payloadResponse(buildId, await renderRoute(core, request, url, match), 'dynamic')
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
      return staticDocument(core, request, url, decided.match, decided.page)
    case 'shell':
      return shellDocument(core, request, url, decided.match, decided.page)
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
