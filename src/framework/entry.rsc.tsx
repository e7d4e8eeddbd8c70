// The server entry: parse the request, then hand it to exactly one of route handler, server
// function, or page (payload or document). Everything runs inside the request's context.
import buildOptions from 'virtual:framework/options'
import { configureCache } from './cache/storage.ts'
import { type FrameworkConfig, type FrameworkOptions, resolveConfig } from './config.ts'
import { loadRouteModule, routeTable } from './routing/route-modules.ts'
import { handleWithAfter } from './server/after.ts'
import { handleRoute } from './server/method-handlers.ts'
import { runWithRequest, setRequestConfig, withSetCookies } from './server/request-store.ts'
import { servePage } from './server/serve-page.ts'
import { answerCall, answerFormPost } from './server-functions/respond.ts'
import { isStaticHandler, serveStaticHandler } from './static/route-handlers.ts'
import { internalServerErrorResponse } from './wire/errors.ts'
import { CONTENT_TYPE_TEXT, type ParsedRequest, parseRequest } from './wire/protocol.ts'

export type RequestHandler = (request: Request) => Promise<Response>

async function dispatch(request: Request, parsed: ParsedRequest, config: FrameworkConfig) {
  const { url } = parsed
  const match = routeTable.match(url.pathname)
  if (match?.route.type === 'handler' && parsed.kind !== 'payload') {
    const { file } = match.route
    const route = { file, mod: await loadRouteModule(file) }
    // A GET declared static is answered once and served from memory (static-route-handlers.ts).
    if (isStaticHandler(request.method, route.mod))
      return serveStaticHandler(request, url, route, match.params)
    return handleRoute(request, route, match.params)
  }
  const page = match?.route.type === 'page' ? match : null
  switch (parsed.kind) {
    case 'payload':
    case 'document':
      return servePage(request, url, page, parsed.kind)
    case 'action':
      return answerCall(request, url, page, parsed.actionId!, config)
    case 'form-action':
      return answerFormPost(request, url, page, config)
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
  const handle: RequestHandler = (request) =>
    runWithRequest(request, async () => {
      setRequestConfig(config)
      try {
        return withSetCookies(await dispatch(request, parseRequest(request), config))
      } catch (error) {
        return internalServerErrorResponse(error)
      }
    })
  // after() callbacks start once the answer has been sent (after.ts).
  return (request) => handleWithAfter(request, () => handle(request))
}

export default createRequestHandler()

export { createNodeRequestListener } from './node/listener.ts'
// For embedders' graceful stop: the after() callbacks under way (docs/embedding.md).
export { afterCallbacksSettled } from './server/after.ts'

if (import.meta.hot) import.meta.hot.accept()
