// When a static page kept in memory (src/framework/static-pages.ts) must be rendered again: a
// revalidateTag() of data it showed, a revalidatePath() of its path, or the expiry of a cached()
// value it showed (`revalidate`). The end-to-end side (ETags, 304) is tests/e2e/static-pages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { now, setCacheClock } from '../../src/framework/cache/clock.ts'
import { type CacheUse, collectCacheUse } from '../../src/framework/cache/hooks.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import { revalidatePath, revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import { pathTag } from '../../src/framework/cache/tags.ts'
import { freshStaticPage, setStaticPage, toStaticBody } from '../../src/framework/static-pages.ts'

let time = 5_000_000

beforeEach(() => {
  time = 5_000_000
  setCacheClock(() => time)
  setCacheHandler(new MemoryCacheHandler())
})

afterEach(() => {
  setCacheHandler(undefined)
  setCacheClock()
})

let pages = 0

/**
 * Stores a page for a new pathname as pages.ts does after a complete render: its path tag, the
 * tags and first expiry of the cached() values `render` read, and the time before it started.
 */
async function storePage(render: () => Promise<string>): Promise<string> {
  const pathname = `/page-${++pages}`
  const renderedAt = now()
  const data: CacheUse = { tags: new Set(), expiresAt: undefined }
  const html = await collectCacheUse(data, render)
  setStaticPage(pathname, {
    payload: toStaticBody(new TextEncoder().encode(html)),
    tags: [pathTag(pathname), ...data.tags],
    renderedAt,
    expiresAt: data.expiresAt,
  })
  return pathname
}

describe('a stored static page', () => {
  it('is served until a tag of the data it showed is revalidated', async () => {
    const list = cached(async () => ['a', 'b'], { key: 'static-pages:list', tags: ['items'] })
    const other = cached(async () => 1, { key: 'static-pages:other', tags: ['other'] })
    const pathname = await storePage(async () => (await list()).join(','))
    await other()

    time += 60_000
    expect(await freshStaticPage(pathname)).toBeDefined()
    await revalidateTag('other')
    expect(await freshStaticPage(pathname)).toBeDefined()
    await revalidateTag('items')
    expect(await freshStaticPage(pathname)).toBeUndefined()
  })

  it('is rendered again after revalidatePath() of its path', async () => {
    const pathname = await storePage(async () => 'no data')
    const otherPath = await storePage(async () => 'no data either')
    await revalidatePath(pathname)
    expect(await freshStaticPage(pathname)).toBeUndefined()
    expect(await freshStaticPage(otherPath)).toBeDefined()
  })

  it('is rendered again once a cached() value it showed has expired (`revalidate`)', async () => {
    // The page shows a value that cached() keeps for 10 s; after that, a request reads a new one.
    let calls = 0
    const headline = cached(async () => `headline ${++calls}`, {
      key: 'static-pages:headline',
      revalidate: 10,
    })
    const pathname = await storePage(headline)
    time += 9_000
    expect(await freshStaticPage(pathname)).toBeDefined()

    time += 2_000 // 11 s: the value has expired, so the page showing it is out of date
    expect(await headline()).toBe('headline 2')
    expect(await freshStaticPage(pathname)).toBeUndefined()
  })
})
