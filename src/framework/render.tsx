// The rsc side of a page: route match → element tree → RSC payload stream, inside the request's
// context so cookies() and headers() work and dynamic reads are recorded.
import { renderToReadableStream } from '@vitejs/plugin-rsc/rsc'
import { reportServerError } from './errors.ts'
import type { FallbackStatus } from './interrupts.ts'
import type { RscPayload } from './payload.ts'
import type { RouteMatch } from './route-table.ts'
import { routeTable } from './routes.ts'
import { buildFallbackTree, buildPageTree } from './tree.tsx'

export interface RenderedRoute {
  stream: ReadableStream<Uint8Array>
  status: number
}

export interface RenderOptions extends Pick<RscPayload, 'formState' | 'returnValue' | 'redirect'> {
  /** Render the root's fallback screen with this status instead of the route. */
  fallback?: FallbackStatus
  /** The set that decoded a server function's arguments, so values can go back by reference. */
  temporaryReferences?: unknown
}

/** Call within the request's context (request-context.ts). No match renders the 404 screen. */
export async function renderRoute(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  options: RenderOptions = {},
): Promise<RenderedRoute> {
  const { temporaryReferences, fallback, ...fields } = options
  const status = fallback ?? (match ? 200 : 404)
  const tree =
    match && status === 200
      ? await buildPageTree(match.route, match.params, url)
      : await buildFallbackTree(routeTable.root, status === 200 ? 404 : (status as FallbackStatus))
  const payload: RscPayload = {
    tree,
    url: url.pathname + url.search,
    params: match?.params ?? {},
    ...fields,
  }
  const stream = renderToReadableStream(payload, {
    onError: reportServerError,
    signal: request.signal,
    temporaryReferences,
  })
  return { stream, status }
}
