// The notebook's middleware (docs/routing.md "Middleware"): it runs before routing for the paths
// its matcher names. Every answer it lets through carries an `x-request-id`, which the app also
// sees as a request header; old share links (/note/<id>) move to /notes/<id>; the lab's
// /lab/middleware pages show a rewrite, a redirect, an answer of its own and its failures.
import { type MiddlewareConfig, type MiddlewareRequest, MiddlewareResponse } from '#framework'

/**
 * What the lab's /lab/middleware/<case> URLs do (tests/e2e/middleware.test.ts); undefined goes
 * on to the route. `forwarded` are the request headers the app should see.
 */
function labAnswer(request: MiddlewareRequest, forwarded: Headers): MiddlewareResponse | undefined {
  const { pathname } = request.nextUrl
  const alias = pathname.match(/^\/lab\/middleware\/alias\/([^/]+)$/)
  if (alias) {
    const target = request.nextUrl.clone()
    target.pathname = `/lab/middleware/target/${alias[1]}`
    return MiddlewareResponse.rewrite(target, { request: { headers: forwarded } })
  }
  switch (pathname) {
    case '/lab/middleware/moved':
      return MiddlewareResponse.redirect(new URL('/lab/middleware/target/moved', request.url))
    case '/lab/middleware/answer':
      return MiddlewareResponse.json({ answeredBy: 'middleware' }, { status: 202 })
    case '/lab/middleware/throw':
      throw new Error('The lab middleware failed on purpose')
  }
  return undefined
}

/** The lab's failures that are not thrown: a rejected promise, a value that is no Response. */
const FAILURES: Record<string, () => unknown> = {
  '/lab/middleware/reject': () =>
    Promise.reject(new Error('The lab middleware rejected on purpose')),
  '/lab/middleware/bad': () => 'not a response',
}

export function middleware(request: MiddlewareRequest) {
  const { pathname } = request.nextUrl
  const failure = FAILURES[pathname]
  if (failure) return failure() as Response
  const oldNote = pathname.match(/^\/note\/([^/]+)$/)
  if (oldNote) return MiddlewareResponse.redirect(new URL(`/notes/${oldNote[1]}`, request.url), 308)
  // Only reached without a session cookie (the matcher's `missing`): sign in first.
  if (pathname === '/lab/members-only') {
    return MiddlewareResponse.redirect(new URL('/sign-in', request.url))
  }
  const requestId = crypto.randomUUID()
  const forwarded = new Headers(request.headers)
  forwarded.set('x-request-id', requestId)
  const response =
    labAnswer(request, forwarded) ?? MiddlewareResponse.next({ request: { headers: forwarded } })
  response.headers.set('x-request-id', requestId)
  if (pathname === '/lab/middleware/headers') {
    response.cookies.set('lab-middleware', 'seen', { httpOnly: true })
  }
  return response
}

export const config: MiddlewareConfig = {
  matcher: [
    '/notes/:path*',
    '/api/:path*',
    '/note/:id',
    '/lab/middleware/:path*',
    { source: '/lab/members-only', missing: [{ type: 'cookie', key: 'session' }] },
  ],
}
