// The rsc side of a page: route match → element tree → RSC payload stream, inside the request's
// context so cookies() and headers() work and dynamic reads are recorded.
import { renderToReadableStream } from '@vitejs/plugin-rsc/rsc'
import type { ReactFormState } from 'react-dom/client'
import { reportServerError } from './errors.ts'
import type { RscPayload } from './payload.ts'
import { runWithRequest } from './request-context.ts'
import type { RouteMatch } from './route-table.ts'
import { routeTable } from './routes.ts'
import { buildNotFoundTree, buildPageTree } from './tree.tsx'

export interface RenderedRoute {
  stream: ReadableStream<Uint8Array>
  status: number
}

export function renderRoute(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  extra: { formState?: ReactFormState } = {},
): Promise<RenderedRoute> {
  return runWithRequest(request, 'render', async () => {
    const tree = match
      ? await buildPageTree(match.route, match.params, url)
      : await buildNotFoundTree(routeTable.root)
    const payload: RscPayload = {
      tree,
      url: url.pathname + url.search,
      params: match?.params ?? {},
      ...extra,
    }
    const stream = renderToReadableStream(payload, {
      onError: reportServerError,
      signal: request.signal,
    })
    return { stream, status: match ? 200 : 404 }
  })
}
