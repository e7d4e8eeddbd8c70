// The framework as a Node request listener, for `node:http` (npm start uses it). Requests become
// Fetch Requests and ordinary Responses are sent by node-fetch-server; a rendered page's Node
// stream body (node-stream-body.ts) is piped straight to the socket, with no Web stream between.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { pipeline, Readable } from 'node:stream'
import { createRequest, sendResponse } from '@remix-run/node-fetch-server'
import { discardBody, nodeBodyOf } from './node-stream-body.ts'

export type RequestListener = (req: IncomingMessage, res: ServerResponse) => Promise<void>

/** Sends `response` if its body is a Node stream; false for any other response. */
function sendNodeBody(response: Response, res: ServerResponse): boolean {
  const body = nodeBodyOf(response)
  if (!body) return false
  const headers: OutgoingHttpHeaders = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  // Headers joins Set-Cookie values with commas, which would merge the cookies.
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) headers['set-cookie'] = cookies
  res.writeHead(response.status, headers)
  if (res.req.method === 'HEAD') {
    discardBody(body)
    res.end()
  } else if (body instanceof Readable) {
    // An error here is a cut connection (the request's signal has aborted the render) or a
    // payload that failed mid-stream (already logged): either way the response ends as it is.
    pipeline(body, res, () => {})
  } else {
    body.pipe(res) // React's own pipe: it ends `res`, and stops if `res` closes
  }
  return true
}

/** `handler` is createRequestHandler()'s (entry.rsc.tsx). */
export function createNodeRequestListener(
  handler: (request: Request) => Promise<Response>,
): RequestListener {
  return async (req, res) => {
    let request: Request
    try {
      request = createRequest(req, res)
    } catch {
      // A bad Host, target or method: the client's fault, and not worth a stack trace in the log.
      await sendResponse(res, new Response('Bad Request\n', { status: 400 }))
      return
    }
    const response = await handler(request)
    // The client left: the request's signal has aborted the render, and nobody reads the body.
    if (request.signal.aborted) return
    if (sendNodeBody(response, res)) return
    await sendResponse(res, response).catch((error: unknown) => {
      res.destroy(error instanceof Error ? error : undefined)
    })
  }
}
