// One spelling of a path (docs/routing.md): whatever way a request spells a path its middleware
// matcher names (repeated slashes, `.` and `..` segments, encoded ones, a trailing slash), the
// middleware runs whenever the route renders. A document moves to the canonical URL with 308;
// a payload or a post is answered as the canonical path, middleware included.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type MiddlewareRequest, MiddlewareResponse } from '../../src/framework/index.ts'
import { PAYLOAD_SUFFIX } from '../../src/framework/wire/protocol.ts'
import { makeHandler, RootLayout, startHtmlRendererForFile } from './support/app.tsx'

const html = startHtmlRendererForFile()

/** Each page shows where it is, so an answer tells which route rendered it. */
const page = (name: string) => ({ default: () => <p>{`route: ${name}`}</p> })

const handler = makeHandler(
  html,
  {
    'layout.tsx': { default: RootLayout },
    'page.tsx': page('home'),
    'dashboard/page.tsx': page('dashboard'),
    'dashboard/reports/page.tsx': page('reports'),
    'notes/[id]/page.tsx': page('note'),
    'api/notes/route.ts': {
      POST: (request: Request) => Response.json({ route: 'api notes', url: request.url }),
    },
  },
  {
    middleware: {
      file: 'src/middleware.ts',
      load: async () => ({
        // Says which path it saw, on the route's answer.
        middleware: (request: MiddlewareRequest) =>
          MiddlewareResponse.next({
            headers: { 'x-seen-by-middleware': request.nextUrl.pathname },
          }),
        config: { matcher: ['/dashboard/:path*', '/api/:path*', '/notes/:id'] },
      }),
    },
  },
)

/** Every path the matcher names that has a route, with what the route shows. */
const SHOWN: Record<string, string> = {
  '/dashboard': 'dashboard',
  '/dashboard/reports': 'reports',
  '/notes/3': 'note',
}
const PAGES = Object.keys(SHOWN)
const HANDLERS = ['/api/notes']

/** One separator: one or more slashes, with `.` segments and `<x>/..` pairs between them. */
const separator = fc
  .array(
    fc.constantFrom('', '.', '%2e', '%2E', 'x/..', 'x/%2e%2e', 'x/.%2E', 'dashboard/..', '/'),
    { maxLength: 3 },
  )
  .chain((extras) =>
    fc
      .array(fc.integer({ min: 1, max: 3 }), {
        minLength: extras.length + 1,
        maxLength: extras.length + 1,
      })
      .map((slashes) => slashes.map((count, i) => '/'.repeat(count) + (extras[i] ?? '')).join('')),
  )

/** `path` spelled another way, or as it is: segments joined by `separator`s, maybe a trailing `/`. */
function spellingOf(path: string) {
  const segments = path.split('/').filter(Boolean)
  return fc
    .tuple(
      fc.array(separator, { minLength: segments.length, maxLength: segments.length }),
      fc.constantFrom('', '/', '//', '/.', '/%2e/'),
      fc.constantFrom('', '?q=1', '?a=b&c=%2F'),
    )
    .map(([separators, trailing, query]) => ({
      spelled: segments.map((segment, i) => separators[i] + segment).join('') + trailing,
      query,
    }))
}

const ORIGIN = 'http://app.test'

describe('every spelling of a path the middleware matcher names', () => {
  it('documents: 308 to the canonical URL, whose answer the middleware saw', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...PAGES).chain((path) => spellingOf(path).map((s) => ({ path, ...s }))),
        fc.constantFrom('GET', 'HEAD'),
        async ({ path, spelled, query }, method) => {
          const response = await handler(new Request(ORIGIN + spelled + query, { method }))
          if (response.status === 308) {
            expect(response.headers.get('location')).toBe(path + query)
          } else {
            // Only the canonical spelling itself is served as a document.
            expect(new URL(ORIGIN + spelled).pathname).toBe(path)
            expect(response.status).toBe(200)
          }
          const followed = await handler(
            new Request(new URL(response.headers.get('location') ?? spelled + query, ORIGIN)),
          )
          expect(followed.status).toBe(200)
          expect(followed.headers.get('x-seen-by-middleware')).toBe(path)
          expect(await followed.text()).toContain(`route: ${SHOWN[path]}`)
          await response.body?.cancel()
        },
      ),
      { numRuns: 60 },
    )
  }, 60_000)

  it('payloads and posts: answered as the canonical path, the middleware included', async () => {
    const payloads = fc
      .constantFrom(...PAGES)
      .chain((path) => spellingOf(path).map((s) => ({ path, ...s, kind: 'payload' as const })))
    const posts = fc
      .constantFrom(...HANDLERS)
      .chain((path) => spellingOf(path).map((s) => ({ path, ...s, kind: 'post' as const })))
    await fc.assert(
      fc.asyncProperty(fc.oneof(payloads, posts), async ({ path, spelled, query, kind }) => {
        const response = await handler(
          kind === 'payload'
            ? new Request(ORIGIN + spelled + PAYLOAD_SUFFIX + query)
            : new Request(ORIGIN + spelled + query, { method: 'POST', body: 'x' }),
        )
        expect(response.status).toBe(200)
        expect(response.headers.get('x-seen-by-middleware')).toBe(path)
        const body = await response.text()
        if (kind === 'post') {
          // The route handler reads the canonical URL too.
          expect(JSON.parse(body)).toEqual({ route: 'api notes', url: ORIGIN + path + query })
        } else {
          expect(body).toContain(`route: ${SHOWN[path]}`)
        }
      }),
      { numRuns: 100 },
    )
  }, 60_000)

  it('a payload URL spelled with a trailing slash or `/_.rsc` is the page it names', async () => {
    for (const target of ['/dashboard/reports/_.rsc', '//dashboard//reports//_.rsc']) {
      const response = await handler(new Request(ORIGIN + target))
      expect(response.headers.get('x-seen-by-middleware')).toBe('/dashboard/reports')
      expect(await response.text()).toContain('route: reports')
    }
  })
})
