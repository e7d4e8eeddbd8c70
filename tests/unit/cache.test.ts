import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cached, cacheTag } from '../../src/framework/cache/cached.ts'
import { setCacheClock } from '../../src/framework/cache/clock.ts'
import type { CacheHandler } from '../../src/framework/cache/handler.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import {
  type CacheUse,
  collectCacheUse,
  onRevalidate,
  type Revalidation,
} from '../../src/framework/cache/observers.ts'
import { revalidatePath, revalidateTag } from '../../src/framework/cache/revalidate.ts'
import { setCacheHandler } from '../../src/framework/cache/storage.ts'
import {
  MAX_TAG_LENGTH,
  MAX_TAGS_PER_ENTRY,
  PATH_TAG_PREFIX,
} from '../../src/framework/cache/tags.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import { runWithRequest } from '../../src/framework/server/request-store.ts'

/** A function that counts its calls and returns a new object each time. */
function counter() {
  let calls = 0
  const fn = async (...args: unknown[]) => ({ call: ++calls, args })
  return { fn, calls: () => calls }
}

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => {
    resolve = r
  })
  return { promise, resolve }
}

let time = 1_000_000
let handler: MemoryCacheHandler

beforeEach(() => {
  time = 1_000_000
  setCacheClock(() => time)
  handler = new MemoryCacheHandler()
  setCacheHandler(handler)
})

afterEach(() => {
  setCacheHandler(undefined)
  setCacheClock()
  vi.restoreAllMocks()
})

describe('cached()', () => {
  it('computes once and then hits, across calls', async () => {
    const { fn, calls } = counter()
    const load = cached(fn, { key: 'hits' })
    expect(await load()).toEqual({ call: 1, args: [] })
    expect(await load()).toEqual({ call: 1, args: [] })
    expect(calls()).toBe(1)
  })

  it('gives every caller its own copy', async () => {
    const load = cached(async () => ({ list: [1, 2] }), { key: 'copies' })
    const first = await load()
    first.list.push(3)
    expect(await load()).toEqual({ list: [1, 2] })
    expect(await load()).not.toBe(await load())
  })

  it('keeps values node:v8 can serialize: Dates, Maps, undefined', async () => {
    const value = { when: new Date(5), map: new Map([['a', 1]]), nothing: undefined }
    const load = cached(async () => value, { key: 'v8' })
    await load()
    const hit = await load()
    expect(hit).toEqual(value)
    expect(hit.when).toBeInstanceOf(Date)
  })

  it('refuses a value it cannot serialize, naming the function', async () => {
    const load = cached(async function makeCallback() {
      return { run: () => 1 }
    })
    await expect(load()).rejects.toThrow(
      /cached\(makeCallback\) returned a value that cannot be cached/,
    )
  })

  it('does not cache a rejection', async () => {
    let fail = true
    const load = cached(
      async () => {
        if (fail) throw new Error('down')
        return 'up'
      },
      { key: 'rejects' },
    )
    await expect(load()).rejects.toThrow('down')
    fail = false
    expect(await load()).toBe('up')
  })

  it('refuses a negative revalidate', () => {
    expect(() => cached(async () => 1, { key: 'neg', revalidate: -1 })).toThrow(
      /cached\(neg\): revalidate must be a number of seconds/,
    )
  })
})

describe('argument keys', () => {
  it('keys by arguments', async () => {
    const { fn, calls } = counter()
    const load = cached(fn, { key: 'args' })
    expect((await load(1)).call).toBe(1)
    expect((await load(2)).call).toBe(2)
    expect((await load(1)).call).toBe(1)
    expect((await load('1')).call).toBe(3)
    expect((await load(1, undefined)).call).toBe(4)
    expect(calls()).toBe(4)
  })

  it('treats equal objects as one key, whatever their key order', async () => {
    const { fn, calls } = counter()
    const load = cached(fn, { key: 'objects' })
    await load({ a: 1, b: [1, { c: new Date(0) }] })
    await load({ b: [1, { c: new Date(0) }], a: 1, skipped: undefined })
    expect(calls()).toBe(1)
    await load({ a: 1, b: [1, { c: new Date(1) }] })
    expect(calls()).toBe(2)
  })

  it('keeps functions with different names or sources apart, and shares one key', async () => {
    const one = cached(async function load() {
      return 1
    })
    const two = cached(async function load() {
      return 2
    })
    expect([await one(), await two()]).toEqual([1, 2])
    const a = cached(async () => 'a', { key: 'shared' })
    const b = cached(async () => 'b', { key: 'shared' })
    expect([await a(), await b()]).toEqual(['a', 'a'])
  })

  it('keys a cached() of a cached function apart from other such wrappings', async () => {
    // Same name, different sources: the wrappers' own source text (cached()'s) is the same.
    const one = cached(async function load() {
      return 1
    })
    const two = cached(async function load() {
      return 2
    })
    const outerOne = cached(one)
    const outerTwo = cached(two)
    expect([await outerOne(), await outerTwo()]).toEqual([1, 2])
    expect(outerOne.name).toBe('load')
  })

  it('throws a clear error, naming the function, for arguments it cannot key', async () => {
    const load = cached(async function findUser(_query: unknown) {
      return 1
    })
    await expect(load(() => 1)).rejects.toThrow(
      'cached(findUser) cannot make a cache key of its arguments: arguments[0] is a function. Pass only',
    )
    await expect(load({ id: Symbol('x') })).rejects.toThrow(/arguments\[0\]\.id is a symbol/)
    await expect(load(new Map())).rejects.toThrow(/arguments\[0\] is an instance of Map/)
    const loop: Record<string, unknown> = {}
    loop.self = loop
    await expect(load(loop)).rejects.toThrow(/arguments\[0\]\.self refers back to itself/)
  })
})

describe('revalidate', () => {
  it('recomputes an entry older than `revalidate` seconds', async () => {
    const { fn } = counter()
    const load = cached(fn, { key: 'expiry', revalidate: 10 })
    expect((await load()).call).toBe(1)
    time += 9_999
    expect((await load()).call).toBe(1)
    time += 1
    expect((await load()).call).toBe(2)
    time += 5_000
    expect((await load()).call).toBe(2)
  })

  it('with 0, computes every time (sharing only what is in flight)', async () => {
    const { fn } = counter()
    const load = cached(fn, { key: 'zero', revalidate: 0 })
    expect((await load()).call).toBe(1)
    expect((await load()).call).toBe(2)
  })
})

describe('nested revalidate', () => {
  it('an outer entry without revalidate expires when an inner one it read does', async () => {
    let inner = 0
    const headline = cached(async () => `headline ${++inner}`, {
      key: 'nested:inner',
      revalidate: 10,
    })
    const page = cached(async () => `page showing ${await headline()}`, { key: 'nested:outer' })
    expect(await page()).toBe('page showing headline 1')
    time += 9_000
    expect(await page()).toBe('page showing headline 1')
    time += 2_000 // 11 s: the inner value has expired, so the outer one built from it has too
    expect(await page()).toBe('page showing headline 2')
  })

  it('a render that reads only the outer entry learns the inner expiry, also from a hit', async () => {
    const headline = cached(async () => 'headline', { key: 'nested:inner-2', revalidate: 10 })
    const page = cached(async () => `page showing ${await headline()}`, { key: 'nested:outer-2' })
    await page()
    time += 1_000
    const use: CacheUse = { tags: new Set(), expiresAt: undefined, pending: 0 }
    await collectCacheUse(use, () => page())
    expect(Math.floor(use.expiresAt!)).toBe(1_000_000 + 10_000)
  })
})

describe('tags', () => {
  it('revalidateTag() makes the tagged entries miss, and only them', async () => {
    const notes = counter()
    const users = counter()
    const loadNotes = cached(notes.fn, { key: 'notes', tags: ['notes'] })
    const loadUsers = cached(users.fn, { key: 'users', tags: ['users'] })
    await loadNotes()
    await loadUsers()
    await revalidateTag('notes')
    expect((await loadNotes()).call).toBe(2)
    expect((await loadNotes()).call).toBe(2)
    expect((await loadUsers()).call).toBe(1)
  })

  it('revalidateTag() works without being awaited', async () => {
    const { fn } = counter()
    const load = cached(fn, { key: 'no-await', tags: ['t'] })
    await load()
    void revalidateTag('t')
    expect((await load()).call).toBe(2)
  })

  it('cacheTag() adds tags to the entry being computed', async () => {
    const { fn } = counter()
    const load = cached(
      async (id: string) => {
        cacheTag(`note:${id}`, 'notes')
        return fn(id)
      },
      { key: 'cacheTag' },
    )
    await load('1')
    await load('2')
    await revalidateTag('note:1')
    expect((await load('1')).call).toBe(3)
    expect((await load('2')).call).toBe(2)
    await revalidateTag('notes')
    expect((await load('2')).call).toBe(4)
  })

  it('cacheTag() outside cached() throws an error that says where it works', () => {
    expect(() => cacheTag('x')).toThrow(/cacheTag\(\) was called outside a cached\(\) function/)
  })

  it('an outer entry carries the tags of the cached() calls it made', async () => {
    const inner = cached(async () => 'inner', { key: 'inner', tags: ['inner-tag'] })
    const { fn } = counter()
    const outer = cached(async () => ({ inner: await inner(), ...(await fn()) }), { key: 'outer' })
    await inner() // a hit inside outer's computation must pass its tags on too
    expect((await outer()).call).toBe(1)
    await revalidateTag('inner-tag')
    expect((await outer()).call).toBe(2)
  })

  it('an entry whose computation overlapped an invalidation is stale', async () => {
    const gate = deferred<void>()
    let calls = 0
    const load = cached(
      async () => {
        calls++
        await gate.promise
        return calls
      },
      { key: 'overlap', tags: ['t'] },
    )
    const first = load()
    await vi.waitFor(() => expect(calls).toBe(1))
    await revalidateTag('t') // the data changed while the computation was reading it
    gate.resolve()
    expect(await first).toBe(1)
    expect(await load()).toBe(2)
    expect(await load()).toBe(2)
  })
})

describe('revalidatePath()', () => {
  const inRequest = <T>(url: string, fn: () => Promise<T>) => runWithRequest(new Request(url), fn)

  it('invalidates what a request for that path computed (its implicit path tag)', async () => {
    const { fn } = counter()
    const load = cached(fn, { key: 'by-path' })
    await inRequest('http://localhost/notes?page=2', () => load('listing'))
    await inRequest('http://localhost/about', () => load('about'))
    expect((await load('listing')).call).toBe(1)
    await revalidatePath('/notes/')
    expect((await load('listing')).call).toBe(3)
    expect((await load('about')).call).toBe(2)
  })

  it('tags a navigation payload request with its page path', async () => {
    const { fn } = counter()
    const load = cached(fn, { key: 'payload-path' })
    await inRequest('http://localhost/notes_.rsc', () => load())
    await revalidatePath('/notes')
    expect((await load()).call).toBe(2)
  })

  it('can revalidate a path too long to be a tag', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { fn } = counter()
    const load = cached(fn, { key: 'long-path' })
    const path = `/search/${'x'.repeat(400)}`
    await inRequest(`http://localhost${path}`, () => load())
    await revalidatePath(path)
    expect((await load()).call).toBe(2)
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('tag limits', () => {
  it('keeps 128 tags and drops the 129th, with one warning that names it', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const tags = Array.from({ length: MAX_TAGS_PER_ENTRY + 1 }, (_, i) => `tag-${i + 1}`)
    const { fn } = counter()
    const load = cached(fn, { key: 'many-tags', tags })
    await load()
    expect(MAX_TAGS_PER_ENTRY).toBe(128)
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toMatch(/cached\(many-tags\): dropped 1 tag\(s\)/)
    expect(warn.mock.calls[0]![0]).toContain('"tag-129"')
    expect(warn.mock.calls[0]![0]).not.toContain('"tag-128"')
    await revalidateTag('tag-129')
    expect((await load()).call).toBe(1)
    await revalidateTag('tag-128')
    expect((await load()).call).toBe(2)
  })

  it('drops a 257-character tag and keeps a 256-character one', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const kept = 'k'.repeat(MAX_TAG_LENGTH)
    const tooLong = 'd'.repeat(MAX_TAG_LENGTH + 1)
    expect(MAX_TAG_LENGTH).toBe(256)
    const { fn } = counter()
    const load = cached(
      async () => {
        cacheTag(tooLong)
        return fn()
      },
      { key: 'long-tags', tags: [kept] },
    )
    await load()
    expect(warn).toHaveBeenCalledTimes(1)
    expect(warn.mock.calls[0]![0]).toContain(JSON.stringify(tooLong))
    await revalidateTag(kept)
    expect((await load()).call).toBe(2)
  })

  it('warns once per entry for both kinds, never throws, and keeps the path tag first', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const tags = [...Array.from({ length: 200 }, (_, i) => `t${i}`), 'x'.repeat(300)]
    const { fn } = counter()
    const load = cached(
      async () => {
        cacheTag(...tags)
        return fn()
      },
      { key: 'both-limits' },
    )
    await runWithRequest(new Request('http://localhost/busy'), () => load())
    expect(warn).toHaveBeenCalledTimes(1)
    const message = String(warn.mock.calls[0]![0])
    expect(message).toMatch(/dropped 74 tag\(s\)/) // 127 + the path tag kept; 73 + the long one
    expect(message).not.toContain(PATH_TAG_PREFIX)
    await revalidatePath('/busy')
    expect((await load()).call).toBe(2)
  })
})

describe('in-flight computations', () => {
  it('are shared by concurrent callers with the same arguments', async () => {
    const gate = deferred<void>()
    let calls = 0
    const load = cached(
      async (id: number) => {
        calls++
        await gate.promise
        return { id }
      },
      { key: 'dedupe' },
    )
    const all = Promise.all([load(1), load(1), load(1), load(2)])
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(calls).toBe(2)
    gate.resolve()
    const [a, b, c, d] = await all
    expect([a, b, c, d]).toEqual([{ id: 1 }, { id: 1 }, { id: 1 }, { id: 2 }])
    expect(a).not.toBe(b)
    expect(calls).toBe(2)
  })

  /** A cached function tagged 't' whose n-th computation returns n once gates[n] opens. */
  function gated(key: string) {
    const gates = [deferred<void>(), deferred<void>()]
    let calls = 0
    const load = cached(
      async () => {
        const call = calls++
        await gates[call]!.promise
        return call
      },
      { key, tags: ['t'] },
    )
    return { gates, load, calls: () => calls }
  }

  it('are not joined after an invalidation', async () => {
    const { gates, load, calls } = gated('dedupe-invalidated')
    const before = load()
    await new Promise((resolve) => setTimeout(resolve, 5))
    void revalidateTag('t')
    const after = load()
    await new Promise((resolve) => setTimeout(resolve, 5))
    expect(calls()).toBe(2)
    gates[0]!.resolve()
    gates[1]!.resolve()
    expect([await before, await after]).toEqual([0, 1])
  })

  it('are not joined after an invalidation that another process recorded in the shared store', async () => {
    const { gates, load, calls } = gated('dedupe-invalidated-elsewhere')
    const before = load()
    await new Promise((resolve) => setTimeout(resolve, 5))
    // Another server process revalidates 't' (through Redis, say): this process hears nothing.
    time += 10
    await handler.invalidateTags(['t'], time)
    time += 10
    const after = load()
    gates[0]!.resolve()
    await before
    gates[1]!.resolve()
    // The first caller came before the invalidation; the second after it, so it gets new data.
    expect([await before, await after]).toEqual([0, 1])
    expect(calls()).toBe(2)
  })
})

describe('request data inside cached()', () => {
  const request = new Request('http://localhost/page', {
    headers: { cookie: 'session=abc', 'user-agent': 'test' },
  })

  it('cookies() throws an error that says why and what to do', async () => {
    const load = cached(async function currentUser() {
      return (await cookies()).get('session')?.value
    })
    await runWithRequest(request, async () => {
      await expect(load()).rejects.toThrow(
        "cookies() was called inside cached(currentUser). A cached value is shared by all requests, so it must not depend on one request's cookies or headers. Read cookies() outside the cached function and pass what you need to it as an argument.",
      )
    })
  })

  it('headers() throws the same way, also in a nested call', async () => {
    const agent = async () => (await headers()).get('user-agent')
    const load = cached(async () => agent(), { key: 'agent' })
    await runWithRequest(request, async () => {
      await expect(load()).rejects.toThrow(
        /headers\(\) was called inside cached\(agent\)\. A cached value is shared by all requests/,
      )
    })
  })

  it('the documented way: read outside, pass as an argument', async () => {
    const greet = cached(async (name: string) => `hello ${name}`, { key: 'greet' })
    const text = await runWithRequest(request, async () => {
      const session = (await cookies()).get('session')?.value ?? 'anonymous'
      const greeting = await greet(session)
      // Outside the computation, the request's data is available again.
      expect((await headers()).get('user-agent')).toBe('test')
      return greeting
    })
    expect(text).toBe('hello abc')
  })
})

describe('a failing store', () => {
  it('costs a computation, never a request, and is logged once', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const broken: CacheHandler = {
      get: () => Promise.reject(new Error('connection refused')),
      set: () => Promise.reject(new Error('connection refused')),
      lastInvalidated: () => Promise.reject(new Error('connection refused')),
      invalidateTags: () => Promise.reject(new Error('connection refused')),
    }
    setCacheHandler(broken)
    const { fn } = counter()
    const load = cached(fn, { key: 'broken', tags: ['t'] })
    expect((await load()).call).toBe(1)
    expect((await load()).call).toBe(2)
    expect(error).toHaveBeenCalledTimes(1)
    expect(error.mock.calls[0]![0]).toMatch(/The cache store failed.*connection refused/)
  })

  it('rejects an invalidation it cannot record, and logs each one: it is never dropped silently', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    let calls = 0
    const broken: CacheHandler = {
      get: async () => undefined,
      set: async () => {},
      lastInvalidated: async () => 0,
      invalidateTags: () => Promise.reject(new Error('connection refused')),
    }
    setCacheHandler(broken)
    const load = cached(async () => ++calls, { key: 'broken-invalidation', tags: ['t'] })
    await expect(revalidateTag('t')).rejects.toThrow(
      /The invalidation of "t" could not be recorded in the cache store.*connection refused/,
    )
    await expect(revalidateTag('t')).rejects.toThrow(/could not be recorded/)
    const lines = error.mock.calls.map((call) => String(call[0]))
    expect(lines.filter((line) => line.includes('could not be recorded'))).toHaveLength(2)
    // A caller that does not await it crashes nothing, and reads go on.
    void revalidateTag('t')
    expect(await load()).toBe(1)
  })
})

describe('hooks for caches of rendered pages', () => {
  it('collectCacheUse() gathers the tags and first expiry of the values read, hit or computed', async () => {
    const notes = cached(async () => 'notes', { key: 'hook-notes', tags: ['notes'] })
    const ticker = cached(async () => 'tick', { key: 'hook-ticker', revalidate: 60 })
    const user = cached(
      async (id: string) => {
        cacheTag(`user:${id}`)
        return id
      },
      { key: 'hook-user' },
    )
    await notes() // computed outside: the collector below sees it as a hit
    const use: CacheUse = { tags: new Set(), expiresAt: undefined, pending: 0 }
    await runWithRequest(new Request('http://localhost/feed'), () =>
      collectCacheUse(use, async () => {
        await notes()
        await new Promise((resolve) => setTimeout(resolve, 1)) // later async work counts too
        await user('7')
        await ticker()
      }),
    )
    expect([...use.tags].sort()).toEqual([`${PATH_TAG_PREFIX}/feed`, 'notes', 'user:7'])
    // The ticker's entry expires 60 s after it was computed (on the test's clock); nothing else does.
    expect(Math.round(use.expiresAt! - time)).toBe(60_000)
  })

  it('onRevalidate() hears every revalidation, until unsubscribed', async () => {
    const heard: Revalidation[] = []
    const stop = onRevalidate((revalidation) => heard.push(revalidation))
    await revalidateTag('notes')
    await revalidatePath('/notes/?page=2')
    stop()
    await revalidateTag('later')
    expect(heard).toEqual([{ tag: 'notes' }, { path: '/notes' }])
  })
})
