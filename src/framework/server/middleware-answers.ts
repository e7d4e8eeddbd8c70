// What the app's middleware said, applied to the response: its own answer as it goes out, or
// the headers and cookies it sent with next() or rewrite() added to the route's answer.

import type { RouteTable } from '../routing/types.ts'
import { nodeBodyOf, responseFromNodeStream } from '../wire/node-body.ts'
import {
  CACHE_CONTROL_PRIVATE,
  MIDDLEWARE_HEADER_PREFIX,
  type ParsedRequest,
  toPayloadUrl,
} from '../wire/protocol.ts'

/**
 * The answer with `headers` (the middleware's, but its signals) and the middleware's `cookies`
 * added; a copy if it is immutable. Its cookies come before the route's: the route saw them
 * (cookies()), so a cookie it sets again is the one the browser keeps.
 */
export function withMiddlewareHeaders(
  response: Response,
  headers: Headers | undefined,
  cookies: readonly string[],
): Response {
  const add = (target: Response) => {
    for (const [name, value] of headers ?? []) {
      if (name.startsWith(MIDDLEWARE_HEADER_PREFIX) || name === 'set-cookie') continue
      // Vary adds to the route's (a payload answer varies with x-rsc-prefetch): never narrower.
      if (name === 'vary') target.headers.append(name, value)
      else target.headers.set(name, value)
    }
    if (cookies.length === 0) return target
    const routes = target.headers.getSetCookie()
    target.headers.delete('set-cookie')
    for (const line of [...cookies, ...routes]) target.headers.append('set-cookie', line)
    // As for any answer that sets a cookie (request-store.ts): no cache may keep it.
    target.headers.set('cache-control', CACHE_CONTROL_PRIVATE)
    return target
  }
  try {
    return add(response)
  } catch {
    const init = {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    }
    const nodeBody = nodeBodyOf(response)
    return add(
      nodeBody ? responseFromNodeStream(nodeBody, init) : new Response(response.body, init),
    )
  }
}

/**
 * The middleware's own answer, sent as it is; a redirect of a payload request to one of the
 * app's pages goes to that page's payload URL, so the router follows it without a document load.
 */
export function ownAnswer(answer: Response, parsed: ParsedRequest, routes: RouteTable): Response {
  const location = answer.headers.get('location')
  if (
    parsed.type === 'payload' &&
    location !== null &&
    answer.status >= 300 &&
    answer.status < 400
  ) {
    const target = new URL(location, parsed.url)
    if (
      target.origin === parsed.url.origin &&
      routes.match(target.pathname)?.route.type === 'page'
    ) {
      const headers = new Headers(answer.headers)
      headers.set('location', toPayloadUrl(target))
      return new Response(null, { status: answer.status, headers })
    }
  }
  return answer
}
