// cached() outside a render (docs/caching.md, "Within one render"): a route handler that reads a
// value again within one request sees what is there now; only a render shares one read.
import { describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/index.ts'
import { makeHandler, startHtmlRendererForFile } from './support/app.tsx'

const html = startHtmlRendererForFile()

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
