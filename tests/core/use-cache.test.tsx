// "use cache" at run time (docs/caching.md, "use cache"): the functions the framework's Vite
// plugin wraps (vite/use-cache.ts) are wrapped here by hand, as it would, with the handler's real
// React: a hit, a miss, concurrent misses sharing one computation, tags and invalidation,
// cacheLife() profiles, errors kept out, the request-data error, arguments that cannot be keyed,
// and a cached component whose children are passed through.
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { setCacheClock } from '../../src/framework/cache/clock.ts'
import { registerCachedFunction } from '../../src/framework/cache/use-cache.ts'
import { resolveConfig } from '../../src/framework/config.ts'
import {
  cacheLife,
  cacheTag,
  connection,
  cookies,
  draftMode,
  headers,
  revalidateTag,
} from '../../src/framework/index.ts'
import {
  documentRequest,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()
const MODULE = 'tests/core/use-cache.test.tsx'

afterEach(() => setCacheClock())

/** A route handler that answers what `read` gives for the `id` search param, or what it threw. */
function routeOf(read: (id: string) => Promise<unknown>) {
  const answer = async (request: Request) => {
    const id = new URL(request.url).searchParams.get('id') ?? ''
    try {
      return Response.json(await read(id))
    } catch (error) {
      return Response.json({ error: (error as Error).message }, { status: 500 })
    }
  }
  return { GET: answer }
}

/** A component that throws the first time it renders. */
let failingRenders = 0
async function Fails() {
  failingRenders++
  if (failingRenders === 1) throw new Error('the part failed once')
  return <b>{`part ${failingRenders}`}</b>
}

/** A route handler that invalidates the tag `item:a`. */
async function revalidateItemA() {
  await revalidateTag('item:a')
  return new Response('ok')
}

const get = async (handler: (request: Request) => Promise<Response>, path: string) =>
  (await handler(new Request(`http://app.test${path}`))).json()

describe('"use cache" functions', () => {
  it('computes once per arguments: a hit returns the stored value, other arguments miss', async () => {
    let calls = 0
    const load = registerCachedFunction(
      async (id: string) => ({ id, call: ++calls }),
      MODULE,
      'load',
    )
    const handler = makeHandler(html, { 'data/route.ts': routeOf(load) })
    expect(await get(handler, '/data?id=a')).toEqual({ id: 'a', call: 1 })
    expect(await get(handler, '/data?id=a')).toEqual({ id: 'a', call: 1 })
    expect(await get(handler, '/data?id=b')).toEqual({ id: 'b', call: 2 })
    expect(calls).toBe(2)
  })

  it('shares one computation between concurrent misses of the same key', async () => {
    let calls = 0
    const slow = registerCachedFunction(
      async (id: string) => {
        calls++
        await new Promise((resolve) => setTimeout(resolve, 50))
        return id
      },
      MODULE,
      'slow',
    )
    const handler = makeHandler(html, { 'data/route.ts': routeOf(slow) })
    const answers = await Promise.all([1, 2, 3].map(() => get(handler, '/data?id=x')))
    expect(answers).toEqual(['x', 'x', 'x'])
    expect(calls).toBe(1)
  })

  it('is computed again after revalidateTag() of a tag given with cacheTag()', async () => {
    let calls = 0
    const tagged = registerCachedFunction(
      async (id: string) => {
        cacheTag(`item:${id}`)
        return ++calls
      },
      MODULE,
      'tagged',
    )
    const handler = makeHandler(html, {
      'data/route.ts': routeOf(tagged),
      'revalidate/route.ts': { POST: revalidateItemA },
    })
    expect(await get(handler, '/data?id=a')).toBe(1)
    expect(await get(handler, '/data?id=b')).toBe(2)
    await handler(new Request('http://app.test/revalidate', { method: 'POST' }))
    expect(await get(handler, '/data?id=a')).toBe(3)
    expect(await get(handler, '/data?id=b')).toBe(2)
  })

  it('lives for the default profile (15 minutes) unless cacheLife() says otherwise', async () => {
    let time = 1_000_000
    setCacheClock(() => time)
    let plain = 0
    let seconds = 0
    let custom = 0
    const byDefault = registerCachedFunction(async () => ++plain, MODULE, 'byDefault')
    const bySeconds = registerCachedFunction(
      async () => {
        cacheLife('seconds')
        return ++seconds
      },
      MODULE,
      'bySeconds',
    )
    const byCustom = registerCachedFunction(
      async () => {
        cacheLife('tenSeconds')
        return ++custom
      },
      MODULE,
      'byCustom',
    )
    const handler = makeHandler(
      html,
      {
        'default/route.ts': routeOf(byDefault),
        'seconds/route.ts': routeOf(bySeconds),
        'custom/route.ts': routeOf(byCustom),
      },
      { config: resolveConfig({ cacheLife: { tenSeconds: { revalidate: 10 } } }) },
    )
    const all = async () =>
      Promise.all(['/default', '/seconds', '/custom'].map((path) => get(handler, path)))
    expect(await all()).toEqual([1, 1, 1])
    time += 900 // 0.9 s
    expect(await all()).toEqual([1, 1, 1])
    time += 200 // 1.1 s: `seconds` revalidates after 1 s
    expect(await all()).toEqual([1, 2, 1])
    time += 9_000 // 10.1 s
    expect(await all()).toEqual([1, 3, 2])
    time += 15 * 60 * 1000 // past the default's 900 s
    expect(await all()).toEqual([2, 4, 3])
  })

  it('an unknown cacheLife() profile throws an error that lists the profiles', async () => {
    const unknown = registerCachedFunction(
      async () => {
        cacheLife('fortnight')
        return 1
      },
      MODULE,
      'unknown',
    )
    const handler = makeHandler(html, { 'data/route.ts': routeOf(unknown) })
    const { error } = await get(handler, '/data')
    expect(error).toContain('cacheLife("fortnight") in the "use cache" function unknown')
    expect(error).toContain('"default", "seconds", "minutes", "hours", "days", "weeks", "max"')
  })

  it('does not store what threw: the next call computes again', async () => {
    let calls = 0
    const flaky = registerCachedFunction(
      async () => {
        calls++
        if (calls === 1) throw new Error('first call fails')
        return calls
      },
      MODULE,
      'flaky',
    )
    const handler = makeHandler(html, { 'data/route.ts': routeOf(flaky) })
    expect(await get(handler, '/data')).toEqual({ error: 'first call fails' })
    expect(await get(handler, '/data')).toBe(2)
    expect(await get(handler, '/data')).toBe(2)
  })

  it('does not store a value whose rendering threw (a component it returned)', async () => {
    failingRenders = 0
    const part = registerCachedFunction(async () => <Fails />, MODULE, 'part')
    const handler = makeHandler(html, {
      'data/route.ts': routeOf(async () => String(await part())),
    })
    expect(await get(handler, '/data')).toEqual({ error: 'the part failed once' })
    await get(handler, '/data')
    await get(handler, '/data')
    expect(failingRenders).toBe(2)
  })

  it.each([
    ['cookies()', async () => (await cookies()).get('session')?.value],
    ['headers()', async () => (await headers()).get('x-user')],
    ['draftMode()', async () => (await draftMode()).isEnabled],
    ['connection()', async () => connection()],
  ])(
    'reading %s inside throws an error that says to pass it in as an argument',
    async (api, read) => {
      const reader = registerCachedFunction(read, MODULE, 'reader')
      const handler = makeHandler(html, { 'data/route.ts': routeOf(reader) })
      const { error } = await get(handler, '/data')
      expect(error).toContain(
        `${api} was called inside the "use cache" function reader (${MODULE})`,
      )
      expect(error).toMatch(/outside the cached function/)
    },
  )

  it('reading searchParams inside throws the same error', async () => {
    const page = async ({ searchParams }: { searchParams: Promise<{ q?: string }> }) => {
      const query = registerCachedFunction(async () => (await searchParams).q, MODULE, 'query')
      try {
        return <p>{await query()}</p>
      } catch (error) {
        return <p>{(error as Error).message}</p>
      }
    }
    const handler = makeHandler(html, {
      'layout.tsx': { default: RootLayout },
      'search/page.tsx': { default: page },
    })
    const body = visibleHtml(await (await handler(documentRequest('/search?q=x'))).text())
    expect(body).toContain(
      `searchParams was called inside the &quot;use cache&quot; function query (${MODULE}). A cached value is shared by all requests, so it must not depend on one request&#x27;s search params.`,
    )
  })

  it.each([
    ['a function', () => {}, 'arguments[0] is a function'],
    ['a class instance', new (class Db {})(), 'arguments[0] is an instance of Db'],
    ['a nested function', { onChange: () => {} }, 'arguments[0].onChange is a function'],
  ])('refuses %s as an argument with an error naming the function', async (_, argument, where) => {
    const keyed = registerCachedFunction(async (_value: unknown) => 1, MODULE, 'keyed')
    const handler = makeHandler(html, { 'data/route.ts': routeOf(() => keyed(argument)) })
    const { error } = await get(handler, '/data')
    expect(error).toBe(
      `the "use cache" function keyed (${MODULE}) cannot make a cache key of its arguments: ${where}. Pass only strings, numbers, booleans, bigints, null, undefined, Dates, Maps, Sets, typed arrays, promises, and arrays and plain objects of them; React elements (children) and client components, which are passed through.`,
    )
  })
})

describe('"use cache" components', () => {
  it('keeps its rendered output; children are passed through, not part of the key', async () => {
    let renders = 0
    const Stamp = registerCachedFunction(
      async ({ label, children }: { label: string; children?: ReactNode }) => (
        <section>
          <h2>{`${label} #${++renders}`}</h2>
          <div className="inside">{children}</div>
        </section>
      ),
      MODULE,
      'Stamp',
    )
    const page = async ({ searchParams }: { searchParams: Promise<{ who?: string }> }) => {
      const { who } = await searchParams
      return (
        <Stamp label="notes">
          <em>{`for ${who}`}</em>
        </Stamp>
      )
    }
    const handler = makeHandler(html, {
      'layout.tsx': { default: RootLayout },
      'stamp/page.tsx': { default: page },
    })
    const first = visibleHtml(await (await handler(documentRequest('/stamp?who=ann'))).text())
    const second = visibleHtml(await (await handler(documentRequest('/stamp?who=bob'))).text())
    expect(first).toContain('<h2>notes #1</h2><div class="inside"><em>for ann</em></div>')
    expect(second).toContain('<h2>notes #1</h2><div class="inside"><em>for bob</em></div>')
    expect(renders).toBe(1)
  })
})
