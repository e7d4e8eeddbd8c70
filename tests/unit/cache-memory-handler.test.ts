import { describe, expect, it } from 'vitest'
import type { CacheEntry } from '../../src/framework/cache/handler.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import { DEFAULT_CACHE_OPTIONS } from '../../src/framework/cache/options.ts'

function entry(bytes: number, tags: string[] = []): CacheEntry {
  return { value: new Uint8Array(bytes), tags, createdAt: 1 }
}

describe('MemoryCacheHandler bounds', () => {
  it('has documented defaults: 1000 entries, 64 MiB', () => {
    expect(DEFAULT_CACHE_OPTIONS.memory).toEqual({ maxEntries: 1000, maxBytes: 64 * 1024 * 1024 })
  })

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const handler = new MemoryCacheHandler({ maxEntries: 3 })
    for (const key of ['a', 'b', 'c']) await handler.set(key, entry(10))
    await handler.get('a') // a is now more recent than b
    await handler.set('d', entry(10))
    expect(['a', 'b', 'c', 'd'].map((key) => handler.has(key))).toEqual([true, false, true, true])
    expect(handler.stats.entries).toBe(3)
  })

  it('keeps at most maxBytes, counting values, keys and tags', async () => {
    const handler = new MemoryCacheHandler({ maxEntries: 100, maxBytes: 1000 })
    for (const key of ['a', 'b', 'c']) await handler.set(key, entry(400))
    expect(['a', 'b', 'c'].map((key) => handler.has(key))).toEqual([false, true, true])
    expect(handler.stats.bytes).toBeLessThanOrEqual(1000)
    expect(handler.stats.bytes).toBe(2 * (400 + 2))
    // 100 bytes + key and tag: 212, which no longer fits beside both: the older one goes.
    await handler.set('tagged', entry(100, ['x'.repeat(50)]))
    expect(['b', 'c', 'tagged'].map((key) => handler.has(key))).toEqual([false, true, true])
    expect(handler.stats.bytes).toBe(402 + 100 + 2 * (6 + 50))
  })

  it('does not store a value larger than maxBytes', async () => {
    const handler = new MemoryCacheHandler({ maxBytes: 1000 })
    await handler.set('small', entry(10))
    await handler.set('huge', entry(2000))
    expect(handler.has('huge')).toBe(false)
    expect(handler.has('small')).toBe(true)
  })
})

describe('MemoryCacheHandler invalidation', () => {
  it('reports the latest invalidation of any of the tags', async () => {
    const handler = new MemoryCacheHandler()
    expect(await handler.lastInvalidated(['a', 'b'])).toBe(0)
    await handler.invalidateTags(['a'], 10)
    await handler.invalidateTags(['b'], 20)
    await handler.invalidateTags(['a'], 5) // an older time never moves it back
    expect(await handler.lastInvalidated(['a'])).toBe(10)
    expect(await handler.lastInvalidated(['a', 'b', 'c'])).toBe(20)
  })

  it('deletes the entries carrying an invalidated tag at once', async () => {
    const handler = new MemoryCacheHandler()
    await handler.set('one', entry(1, ['notes', 'note:1']))
    await handler.set('two', entry(1, ['notes', 'note:2']))
    await handler.set('other', entry(1, ['users']))
    await handler.invalidateTags(['note:1'], 2)
    expect(['one', 'two', 'other'].map((key) => handler.has(key))).toEqual([false, true, true])
    await handler.invalidateTags(['notes'], 3)
    expect(['two', 'other'].map((key) => handler.has(key))).toEqual([false, true])
  })
})
