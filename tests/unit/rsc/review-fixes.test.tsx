// Behaviours a review of the middleware and the Metadata API found wrong, each with the handler
// made here: a promise given to after() that rejects early, cached() reads in a route handler,
// a middleware's own answer with a cookie, and a title template with `$` in the title.
import { describe, expect, it } from 'vitest'
import { after, cached, MiddlewareResponse } from '../../../src/framework/index.ts'
import {
  documentRequest,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

/** Renders a dynamic page that runs `before` first: it answers 200, and its after() work has run. */
async function expectPageRendered(before: () => Promise<void>) {
  const handler = makeHandler(html, {
    'page.tsx': {
      default: async () => {
        await before()
        return <p>Rendered</p>
      },
      dynamic: 'force-dynamic',
    },
  })
  const response = await handler(documentRequest('/'))
  expect(response.status).toBe(200)
  expect(visibleHtml(await response.text())).toContain('Rendered')
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('after() with a promise', () => {
  it('that rejects before the answer is sent stops nothing: the page answers 200', async () => {
    const unhandled: unknown[] = []
    const onUnhandled = (reason: unknown) => unhandled.push(reason)
    process.on('unhandledRejection', onUnhandled)
    try {
      await expectPageRendered(async () => {
        after(Promise.reject(new Error('the analytics host is down')))
        // The rejection happens while the page is still rendering.
        await new Promise((resolve) => setTimeout(resolve, 20))
      })
      expect(unhandled).toEqual([])
    } finally {
      process.off('unhandledRejection', onUnhandled)
    }
  })
})

describe('after() with a PromiseLike', () => {
  it('takes a thenable that has no catch(), as Next.js does, and calls its then() once', async () => {
    let thenCalls = 0
    const thenable: PromiseLike<void> = {
      // biome-ignore lint/suspicious/noThenProperty: a PromiseLike is exactly an object with then()
      then(onFulfilled) {
        thenCalls++
        return Promise.resolve().then(onFulfilled)
      },
    }
    await expectPageRendered(async () => {
      after(thenable)
    })
    // Awaited, and once: a query builder's then() runs its query.
    expect(thenCalls).toBe(1)
  })
})

/** A route handler that reads a revalidate: 0 value, changes it, and reads it again, 3 times. */
let counter = 0
const readCounter = cached(async () => counter, { revalidate: 0 })
async function pollThreeTimes(): Promise<Response> {
  const seen: number[] = []
  for (let i = 0; i < 3; i++) {
    seen.push(await readCounter())
    counter++
  }
  return Response.json(seen)
}

describe('cached() within one request', () => {
  it('a route handler that reads again sees what is there now (no sharing outside a render)', async () => {
    const handler = makeHandler(html, { 'poll/route.ts': { GET: pollThreeTimes } })
    const response = await handler(new Request('http://localhost/poll'))
    expect(await response.json()).toEqual([0, 1, 2])
  })
})

describe("the middleware's own answer", () => {
  it('with a cookie is private, no-store, as every answer that sets one', async () => {
    const handler = makeHandler(
      html,
      { 'page.tsx': { default: () => <p>Home</p> } },
      {
        middleware: {
          file: 'src/middleware.ts',
          load: async () => ({
            middleware: () => {
              const response = MiddlewareResponse.redirect('http://localhost/sign-in')
              response.cookies.set('returnTo', '/account')
              return response
            },
          }),
        },
      },
    )
    const response = await handler(documentRequest('/'))
    expect(response.status).toBe(307)
    expect(response.headers.get('set-cookie')).toContain('returnTo=')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('a title template', () => {
  it('puts the title in every %s, `$` patterns and all, as written', async () => {
    const handler = makeHandler(html, {
      'layout.tsx': {
        default: RootLayout,
        metadata: { title: { template: '%s · Site (%s)', default: 'Site' } },
      },
      // Below the layout's folder: a template applies to the folders under it (as in Next.js).
      'notes/page.tsx': {
        default: () => <p>Notes</p>,
        metadata: { title: "A$'B$&C$$D" },
      },
    })
    const response = await handler(documentRequest('/notes'))
    const document = await response.text()
    expect(document.match(/<title>/g)).toHaveLength(1)
    expect(document).toContain('<title>A$&#x27;B$&amp;C$$D · Site (A$&#x27;B$&amp;C$$D)</title>')
  })
})
