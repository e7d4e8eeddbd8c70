// The server entry: parse the request, then hand it to exactly one of route handler, server
// function, payload or document. Everything runs inside the request's context.
import buildOptions from 'virtual:framework/options'
import { configureCache } from './cache/storage.ts'
import { type FrameworkConfig, type FrameworkOptions, resolveConfig } from './config.ts'
import { configureDocuments, renderDocument } from './document.ts'
import { reportServerError } from './errors.ts'
import type { Interrupt } from './interrupts.ts'
import { payloadResponse, servePage } from './pages.ts'
import {
  CONTENT_TYPE_TEXT,
  HEADER_REVALIDATED,
  type ParsedRequest,
  parseRequest,
} from './protocol.ts'
import { renderRoute } from './render.tsx'
import { didRevalidate, runWithRequest, withSetCookies } from './request-context.ts'
import { handleRoute } from './route-handler.ts'
import type { RouteMatch } from './route-table.ts'
import { loadRouteModule, routeTable } from './routes.ts'
import { callServerFunction, submitFormAction } from './server-functions.ts'

export type RequestHandler = (request: Request) => Promise<Response>

function pageMatch(url: URL): RouteMatch | null {
  const match = routeTable.match(url.pathname)
  return match?.route.type === 'page' ? match : null
}

/** A redirect thrown by a server function, as the payload of the target page. */
function renderRedirect(request: Request, from: URL, interrupt: Interrupt & { kind: 'redirect' }) {
  const target = new URL(interrupt.url, from)
  const match = target.origin === from.origin ? routeTable.match(target.pathname) : null
  // Another origin, or a route handler: only a document load can reach it. Never fetch it here.
  const document = target.origin !== from.origin || match?.route.type === 'handler'
  const url = document ? target.href : target.pathname + target.search + target.hash
  return renderRoute(request, target, pageMatch(target), {
    redirect: { url, type: interrupt.type ?? 'push', document },
    returnValue: Promise.resolve(undefined),
  })
}

async function dispatch(request: Request, parsed: ParsedRequest, config: FrameworkConfig) {
  const { url } = parsed
  const match = routeTable.match(url.pathname)
  if (match?.route.type === 'handler' && parsed.kind !== 'payload') {
    return handleRoute(request, await loadRouteModule(match.route.file), match.params)
  }
  const page = match?.route.type === 'page' ? match : null

  switch (parsed.kind) {
    case 'payload':
    case 'document':
      return servePage(request, url, page, parsed.kind)
    case 'action': {
      const call = await callServerFunction(request, parsed.actionId!, config)
      if (call instanceof Response) return call
      const { interrupt, returnValue, temporaryReferences } = call
      if (interrupt?.kind === 'redirect') {
        const response = payloadResponse(await renderRedirect(request, url, interrupt), 'dynamic')
        if (didRevalidate()) response.headers.set(HEADER_REVALIDATED, '1')
        return response
      }
      const response = payloadResponse(
        await renderRoute(request, url, page, { returnValue, temporaryReferences }),
        'dynamic',
      )
      if (didRevalidate()) response.headers.set(HEADER_REVALIDATED, '1')
      return response
    }
    case 'form-action': {
      const form = await submitFormAction(request, config)
      if (form instanceof Response) return form
      const { interrupt, formState } = form
      if (interrupt?.kind === 'redirect') {
        // 303: the browser follows with a GET, so reloading the result never re-posts the form.
        return new Response(null, { status: 303, headers: { location: interrupt.url } })
      }
      // notFound() and the like in the function: the page's nearest screen for that status.
      const fallback =
        interrupt?.kind === 'fallback'
          ? { status: interrupt.status, depth: Number.POSITIVE_INFINITY }
          : undefined
      return renderDocument(request, url, page, { formState, fallback })
    }
    default:
      return new Response(`Method ${request.method} is not allowed on ${url.pathname}.`, {
        status: 405,
        headers: { allow: 'GET, HEAD, POST', 'content-type': CONTENT_TYPE_TEXT },
      })
  }
}

/** The framework as a Fetch-standard handler, to mount in any server (docs/embedding.md). */
export function createRequestHandler(options?: FrameworkOptions): RequestHandler {
  const config = resolveConfig(buildOptions, options)
  configureCache(config.cache)
  configureDocuments(config)
  return (request) =>
    runWithRequest(request, async () => {
      try {
        return withSetCookies(await dispatch(request, parseRequest(request), config))
      } catch (error) {
        const digest = reportServerError(error)
        return new Response(`Internal Server Error (digest ${digest})\n`, {
          status: 500,
          headers: { 'content-type': CONTENT_TYPE_TEXT },
        })
      }
    })
}

export default createRequestHandler()

if (import.meta.hot) import.meta.hot.accept()
