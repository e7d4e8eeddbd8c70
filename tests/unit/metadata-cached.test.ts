// A page and its generateMetadata share cached() data within one request (docs/caching.md,
// docs/metadata.md): equal calls in one request run the function once, whatever `revalidate`
// says; another request (another visitor) computes its own; a revalidation in the request starts
// afresh. The end-to-end side is tests/e2e/metadata.test.ts (/lab/metadata/counted).
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import { revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import { runWithRequest } from '../../src/framework/server/request-store.ts'

beforeEach(() => setCacheHandler(new MemoryCacheHandler()))
afterEach(() => setCacheHandler(undefined))

const inRequest = <T>(fn: () => Promise<T>) =>
  runWithRequest(new Request('http://localhost/page'), fn)

describe('cached() within one request', () => {
  it('runs a revalidate: 0 function once per request, one after the other', async () => {
    let runs = 0
    const read = cached(async (id: string) => `${id}:${++runs}`, { revalidate: 0, key: 'r0' })
    const first = await inRequest(async () => [await read('a'), await read('a'), await read('b')])
    expect(first).toEqual(['a:1', 'a:1', 'b:2'])
    // Another request computes its own: nothing of one request answers another.
    expect(await inRequest(() => read('a'))).toBe('a:3')
    // Outside any request there is nothing to share.
    expect([await read('a'), await read('a')]).toEqual(['a:4', 'a:5'])
  })

  it('computes again after the request revalidated, and after a failure', async () => {
    let runs = 0
    let fail = true
    const read = cached(
      async () => {
        runs += 1
        if (fail) throw new Error('down')
        return runs
      },
      { revalidate: 0, tags: ['counted'], key: 'r1' },
    )
    const seen = await inRequest(async () => {
      await expect(read()).rejects.toThrow('down')
      fail = false
      const before = await read()
      await revalidateTag('counted')
      return [before, await read(), await read()]
    })
    expect(seen).toEqual([2, 3, 3])
  })
})
