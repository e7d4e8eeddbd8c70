// after() callbacks run once per request (docs/errors.md, "after()"), also on the first request
// of a route not classified yet, whose whole render (made for everyone, server/serve-page.ts)
// may turn out to read the request and be rendered again for the visitor.
import { describe, expect, it } from 'vitest'
import { after, headers } from '../../../src/framework/index.ts'
import {
  documentRequest,
  makeHandler,
  payloadRequest,
  RootLayout,
  startHtmlRendererForFile,
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
