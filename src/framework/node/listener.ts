// The framework as a Node request listener, for `node:http` (npm start uses it). Requests become
// srvx's Fetch Requests, as on Vite's dev server: they read the Node request only for what the
// handler asks (its signal, headers, body), which costs less than a whole Fetch Request (an
// undici Request, its Headers copied and an AbortSignal, made for every request). Ordinary
// Responses are sent by node-fetch-server, whose writes work through compression (srvx's
// end(callback) does not); a rendered page's Node stream body (wire/node-body.ts) is piped
// straight to the socket, with no Web stream between.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http'
import { sendResponse } from '@remix-run/node-fetch-server'
import { NodeRequest } from 'srvx/node'
import { internalServerErrorResponse } from '../wire/errors.ts'
import { discardBody, nodeBodyOf, pipeBody } from '../wire/node-body.ts'

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
  } else {
    // An error here is a cut connection (the request's signal has aborted the render) or a
    // payload that failed mid-stream (already logged): either way the response ends as it is.
    pipeBody(body, res)
  }
  return true
}

/** Methods a Fetch Request cannot have (the Fetch standard forbids them). */
const FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK'])

/**
 * False for what cannot become a Fetch Request: a forbidden method, or a Host that is not a host
 * (HTTP requires 400 for it, RFC 9112, 3.2; srvx would name the host `_invalid_`). A missing
 * Host (HTTP/1.0) is the server's own address.
 */
function isFetchable(req: IncomingMessage): boolean {
  const { host } = req.headers
  if (FORBIDDEN_METHODS.has(req.method ?? 'GET')) return false
  return host === undefined || URL.canParse(`http://${host}/`)
}

/** Answers one request: the handler's Response, its Node body piped, or it sent as a Web body. */
async function answer(
  handler: (request: Request) => Promise<Response>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  if (!isFetchable(req)) {
    // The client's fault, and not worth a stack trace in the log.
    await sendResponse(res, new Response('Bad Request\n', { status: 400 }))
    return
  }
  const request = new NodeRequest({ req, res }) as Request
  const response: unknown = await handler(request)
  // The client left (the request's signal has aborted the render): nobody reads the body. Asked
  // of the response, not the signal, which srvx makes only when something reads it.
  if (res.destroyed) return
  if (!(response instanceof Response)) {
    const what = response === null ? 'null' : typeof response
    throw new TypeError(`The request handler's answer is not a Response (it is ${what}).`)
  }
  if (sendNodeBody(response, res)) return
  await sendResponse(res, response)
}

/**
 * `handler` is createRequestHandler()'s (entry.rsc.tsx). Nothing a request does may stop the
 * process, so every failure ends here: logged with a digest, then 500 while the head is unsent,
 * else the connection is cut (a client must not take a truncated body for a whole one).
 */
export function createNodeRequestListener(
  handler: (request: Request) => Promise<Response>,
): RequestListener {
  return async (req, res) => {
    try {
      await answer(handler, req, res)
    } catch (error) {
      await answerFailure(res, error)
    }
  }
}

/**
 * Answers a request whose handling failed: logged with a digest, then 500 while the head is
 * unsent, else the connection is cut (a client must not take a truncated body for a whole one).
 */
export async function answerFailure(res: ServerResponse, error: unknown): Promise<void> {
  // A client that went away makes writes fail: nothing failed on the server's side.
  if (res.destroyed) return
  const response = internalServerErrorResponse(error)
  if (res.headersSent) {
    res.destroy()
    return
  }
  await sendResponse(res, response).catch(() => res.destroy())
}
