// The server entry: parse the request, then hand it to exactly one of route handler, server
// function, payload or document.
import {
  CONTENT_TYPE_HTML,
  CONTENT_TYPE_PAYLOAD,
  CONTENT_TYPE_TEXT,
  parseRequest,
} from './protocol.ts'
import { renderRoute } from './render.tsx'
import { handleRoute } from './route-handler.ts'
import { loadRouteModule, routeTable } from './routes.ts'

export type RequestHandler = (request: Request) => Promise<Response>

const DOCUMENT_HEADERS = {
  'content-type': CONTENT_TYPE_HTML,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/** The framework as a Fetch-standard handler, to mount in any server (docs/embedding.md). */
export function createRequestHandler(): RequestHandler {
  return async (request) => {
    const parsed = parseRequest(request)
    const match = routeTable.match(parsed.url.pathname)
    if (match?.route.type === 'handler' && parsed.kind !== 'payload') {
      return handleRoute(request, await loadRouteModule(match.route.file), match.params)
    }
    const page = match?.route.type === 'page' ? match : null

    if (parsed.kind === 'payload') {
      const { stream, status } = await renderRoute(request, parsed.url, page)
      return new Response(stream, { status, headers: { 'content-type': CONTENT_TYPE_PAYLOAD } })
    }
    if (parsed.kind === 'document') {
      const { stream, status } = await renderRoute(request, parsed.url, page)
      const ssr = await import.meta.viteRsc.loadModule<typeof import('./entry.ssr.tsx')>(
        'ssr',
        'index',
      )
      const html = await ssr.renderHtml(stream, { status, signal: request.signal })
      return new Response(html.stream, { status: html.status, headers: DOCUMENT_HEADERS })
    }
    return new Response(`Method ${request.method} is not allowed on ${parsed.url.pathname}.`, {
      status: 405,
      headers: { allow: 'GET, HEAD', 'content-type': CONTENT_TYPE_TEXT },
    })
  }
}

export default createRequestHandler()

if (import.meta.hot) import.meta.hot.accept()
