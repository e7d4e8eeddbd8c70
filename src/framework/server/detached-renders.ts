// Renders whose result is for everyone: a page rendered whole to learn whether its route is
// static (and kept if it is), and a static page's HTML. Each is detached from the visitor (a
// request that carries only the page's URL on the configured origin, so nothing of the visitor,
// and whose client leaving cannot cut it short) and bounded by WHOLE_RENDER_TIMEOUT_MS.
import {
  getDynamicReason,
  hideRequestData,
  onMarkedDynamic,
  ReadTheRequestError,
} from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import type { SegmentConfig } from '../static/classification.ts'
import { type StaticBody, type StaticPage, toStaticBody } from '../static/page-store.ts'
import { reportServerError } from '../wire/errors.ts'
import { readAll } from '../wire/node-body.ts'
import type { Core, WholeRender } from './core-state.ts'
import { renderDocument } from './document.ts'
import { hadRenderErrors, recordedErrors } from './render-errors.ts'
import { renderRoute } from './render-payload.tsx'
import { runDetached } from './request-store.ts'

/**
 * Longest a whole render (one whose result may be kept for everyone) may take. Past it the
 * render is stopped, its requests answer 500, and nothing is kept.
 */
export const WHOLE_RENDER_TIMEOUT_MS = 10_000

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
export function detachedRequest(pageUrl: URL, signal?: AbortSignal): Request {
  return new Request(pageUrl, { signal })
}

/**
 * Renders the page's HTML for everyone: detached, so a visitor who leaves cannot cut it short,
 * and bounded. `response` is the render's answer when it was not kept (not a 200, or cut short
 * by the time limit: then undefined, and the visitor's HTML streams from their own render).
 */
export async function renderStaticHtml(
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
 * Renders the page to its end for everyone: from the pathname alone (no query, cookies or
 * headers), detached from the visitor's connection (a client that leaves must not cut short a
 * render that may be kept), and within WHOLE_RENDER_TIMEOUT_MS.
 */
export function renderWhole(
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
