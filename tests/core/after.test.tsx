// after() callbacks run once per request (docs/errors.md, "after()"), also on the first request
// of a route not classified yet, whose whole render (made for everyone, server/serve-page.ts)
// may turn out to read the request and be rendered again for the visitor. What after() is given
// (a promise that rejects early, a thenable) never stops the page's answer.
import { describe, expect, it } from 'vitest'
import { after, headers } from '../../src/framework/index.ts'
import {
  documentRequest,
  makeHandler,
  payloadRequest,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

/** A page that reads the request and queues one after() callback per render. */
function appRecording(ran: string[]) {
  const page = async () => {
    await headers()
    after(() => {
      ran.push('dynamic')
    })
    return <p>Dynamic</p>
  }
  return makeHandler(html, {
    'layout.tsx': { default: RootLayout },
    'dynamic/page.tsx': { default: page },
  })
}

/** Answers `request`, reads the whole answer, and lets the callbacks it started run. */
async function answer(handler: ReturnType<typeof appRecording>, request: Request) {
  const response = await handler(request)
  expect(response.status).toBe(200)
  await response.arrayBuffer()
  await new Promise((resolve) => setTimeout(resolve, 20))
}

describe('after() callbacks of a page', () => {
  it('run once on the first request of a dynamic route, and once on each later one', async () => {
    const ran: string[] = []
    const handler = appRecording(ran)
    await answer(handler, documentRequest('/dynamic'))
    expect(ran).toEqual(['dynamic'])
    await answer(handler, payloadRequest('/dynamic'))
    expect(ran).toEqual(['dynamic', 'dynamic'])
  })
})

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
