// When a static page kept in memory (src/framework/static/page-store.ts) must be rendered again: a
// revalidateTag() of data it showed, a revalidatePath() of its path, the expiry of a cached()
// value it showed (`revalidate`, also through an enclosing cached()), or the end of the time the
// store keeps invalidation records. Pages are stored by renderToKeep(), as server/serve-page.ts stores them.
// The end-to-end side (ETags, 304) is tests/e2e/static-pages.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cached } from '../../src/framework/cache/cached.ts'
import { setCacheClock } from '../../src/framework/cache/clock.ts'
import {
  MAX_REMEMBERED_INVALIDATIONS,
  MemoryCacheHandler,
} from '../../src/framework/cache/memory-handler.ts'
import { revalidatePath, revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import { freshStaticPage, renderToKeep } from '../../src/framework/static/page-store.ts'

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

/** Renders and keeps a page for a new pathname, as server/serve-page.ts does after a complete render. */
async function storePage(render: () => Promise<string>): Promise<string> {
  const pathname = `/page-${++pages}`
  const { page } = await renderToKeep(
    pathname,
    async () => ({ payload: new TextEncoder().encode(await render()) }),
    () => true,
  )
  expect(page).toBeDefined()
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

  it('is rendered again once a cached() value read through an enclosing cached() has expired', async () => {
    const headline = cached(async () => 'headline', { key: 'static-pages:inner', revalidate: 10 })
    const front = cached(async () => `front: ${await headline()}`, { key: 'static-pages:outer' })
    await front() // the outer entry exists before the page is rendered: the page reads a hit
    const pathname = await storePage(front)
    time += 11_000
    expect(await freshStaticPage(pathname)).toBeUndefined()
  })

  it('is not kept when the render says so', async () => {
    const { page } = await renderToKeep(
      '/not-kept',
      async () => ({ payload: new Uint8Array() }),
      () => false,
    )
    expect(page).toBeUndefined()
    expect(await freshStaticPage('/not-kept')).toBeUndefined()
  })
})

describe('freshness does not depend on how long invalidation records are kept', () => {
  it('a page invalidated long ago stays stale after the memory store forgot the record', async () => {
    const list = cached(async () => ['a'], { key: 'static-pages:forgotten', tags: ['forgotten'] })
    const pathname = await storePage(async () => (await list()).join(','))
    await revalidateTag('forgotten')
    // The memory store keeps the latest invalidation times only: these push that one out.
    for (let i = 0; i < MAX_REMEMBERED_INVALIDATIONS; i++) void revalidateTag(`other-${i}`)
    await revalidateTag('last')
    expect(await freshStaticPage(pathname)).toBeUndefined()
  })

  it('a page lives no longer than a shared store keeps invalidation records', async () => {
    // A store like Redis: it forgets an invalidation after 60 s. Another process invalidates
    // the page's data (this process hears nothing of it), and the record expires unseen.
    const keptMs = 60_000
    class ForgetfulStore extends MemoryCacheHandler {
      readonly invalidationsKeptMs = keptMs
      #times = new Map<string, number>()
      override async invalidateTags(tags: readonly string[], at: number) {
        for (const tag of tags) this.#times.set(tag, at)
      }
      override async lastInvalidated(tags: readonly string[]) {
        const kept = tags.map((tag) => this.#times.get(tag) ?? 0).filter((at) => at + keptMs > time)
        return Math.max(0, ...kept)
      }
    }
    const store = new ForgetfulStore()
    setCacheHandler(store)
    const list = cached(async () => ['a'], { key: 'static-pages:elsewhere', tags: ['elsewhere'] })
    const pathname = await storePage(async () => (await list()).join(','))
    time += 1_000
    await store.invalidateTags(['elsewhere'], time) // by another process
    time += keptMs + 1_000
    expect(await freshStaticPage(pathname)).toBeUndefined()
  })
})
