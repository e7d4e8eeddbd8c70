// The rsc side of a page: route match → element tree → RSC payload stream. Call it within the
// request's context (server/request-store.ts), so cookies() and headers() work, dynamic reads are
// recorded, and interrupts thrown while rendering are remembered for the document's status.
import type { ServerErrorInfo } from '../client/boundaries.tsx'
import { ReadTheRequestError } from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import { digestOf, reportServerError } from '../wire/errors.ts'
import type { FallbackStatus } from '../wire/interrupts.ts'
import { type NodeBody, reactBody } from '../wire/node-body.ts'
import type { RscPayload } from '../wire/payload.ts'
import type { Core } from './core-state.ts'
import { showRenderError } from './dev-errors.ts'
import {
  buildErrorTree,
  buildFallbackTree,
  buildPageTree,
  loadGlobalError,
} from './element-tree.tsx'
import { recordRenderError } from './render-errors.ts'
import { rewrittenFrom } from './request-store.ts'

export interface RenderedRoute {
  body: NodeBody
  status: number
}

export interface RenderOptions extends Pick<RscPayload, 'formState' | 'returnValue' | 'redirect'> {
  /** Render a fallback screen instead of the page: the nearest at or above `depth`. */
  fallback?: { status: FallbackStatus; depth: number }
  /** The page failed: render the nearest error.tsx at or above `depth`, showing this error. */
  failure?: { depth: number; error: ServerErrorInfo }
  /** The set that decoded a server function's arguments, so values can go back by reference. */
  temporaryReferences?: unknown
  /** Send no tree: the client leaves the page (a redirect it must load as a document). */
  treeless?: boolean
  /**
   * Collects the render's errors here instead of logging them: a render for everyone logs them
   * only if it is the answer (serve-page.ts); one that turned out dynamic is rendered again for
   * the visitor, whose render logs them, once.
   */
  heldErrors?: unknown[]
  /**
   * The URL the payload tells the client it shows, when not the rendered one: a partially
   * prerendered page's is its shell's (no query), which the client hydrates with.
   */
  shownUrl?: URL
}

/** No match renders the root's 404 screen. */
export async function renderRoute(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch | null,
  options: RenderOptions = {},
): Promise<RenderedRoute> {
  const { temporaryReferences, fallback, failure, treeless, heldErrors, shownUrl, ...fields } =
    options
  const { routes: routeTable, react, load } = core
  const chain = match?.route.chain ?? [routeTable.root]
  const params = match?.params ?? {}
  const route = match?.route ?? null
  const [tree, globalError] = await Promise.all([
    treeless
      ? null
      : failure
        ? buildErrorTree(load, chain, route, params, failure.depth, failure.error, url.pathname)
        : match && !fallback
          ? buildPageTree(load, match.route, params, url, match.view)
          : buildFallbackTree(
              load,
              chain,
              route,
              params,
              fallback?.status ?? 404,
              fallback?.depth ?? 0,
              url.pathname,
            ),
    loadGlobalError(load, routeTable.root),
  ])
  // A rewritten request shows the browser's URL (as in Next.js); the tree is the rewrite's.
  const shown = shownUrl ?? rewrittenFrom() ?? url
  const payload: RscPayload = {
    tree,
    url: shown.pathname + shown.search,
    ...(match?.view && { routerState: match.view.state }),
    params,
    globalError: globalError as RscPayload['globalError'],
    ...fields,
  }
  let abortLogged = false
  const { signal } = request
  const { pipe, abort } = react.renderToPipeableStream(payload, {
    onError(error: unknown) {
      // A client that went away aborts the render; what was pending is not an application error.
      if (signal.aborted) {
        if (!abortLogged && !(signal.reason instanceof ReadTheRequestError))
          console.log(`[render aborted] ${request.method} ${url.pathname}: the client disconnected`)
        abortLogged = true
        return undefined
      }
      heldErrors?.push(error)
      if (core.dev) showRenderError(core, request, error)
      const digest = heldErrors ? digestOf(error) : reportServerError(error)
      recordRenderError(error, digest)
      return digest
    },
    temporaryReferences,
  })
  if (signal.aborted) abort(signal.reason)
  else signal.addEventListener('abort', () => abort(signal.reason), { once: true })
  return {
    body: reactBody(pipe),
    status: failure ? 500 : (fallback?.status ?? (match ? 200 : 404)),
  }
}
