// Prerendering's parts that need no build (docs/caching.md, "Prerendering at build time"):
// generateStaticParams() expanded through layouts and the page, the pathnames and file names it
// makes, `dynamicParams = false`, the build's report lines, and a handler's store serving the
// build's pages until they are revalidated or expire. The whole path (npm run build, npm start)
// is tests/e2e/prerender.test.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { type ClientGraph, firstLoadJs } from '../../src/framework/build/first-load-js.ts'
import { bodyFileName, prerenderPage } from '../../src/framework/build/prerender.ts'
import {
  caughtErrorReason,
  formatPrerenderReport,
  loggedErrorMessage,
  routePattern,
} from '../../src/framework/build/report.ts'
import { setCacheClock } from '../../src/framework/cache/clock.ts'
import { MemoryCacheHandler } from '../../src/framework/cache/memory-handler.ts'
import { CacheStorage } from '../../src/framework/cache/storage.ts'
import { createRouteTable } from '../../src/framework/routing/route-table.ts'
import type { Route } from '../../src/framework/routing/types.ts'
import type { Prerenderer } from '../../src/framework/server/core.ts'
import { RouteClassification } from '../../src/framework/static/classification.ts'
import { StaticPageStore } from '../../src/framework/static/page-store.ts'
import { prerenderTargets } from '../../src/framework/static/prerender-targets.ts'
import { PrerenderedPages, type PrerenderManifest } from '../../src/framework/static/prerendered.ts'
import {
  listStaticParams,
  paramsKey,
  pathnameOf,
} from '../../src/framework/static/static-params.ts'
import { reportServerError } from '../../src/framework/wire/errors.ts'

type Modules = Record<string, Record<string, unknown>>

function setup(modules: Modules) {
  const table = createRouteTable(Object.keys(modules))
  const load = async (file: string) => modules[file] ?? {}
  const route = (file: string): Route => {
    const found = table.routes.find((r) => r.file === file)
    if (!found) throw new Error(`no route ${file}`)
    return found
  }
  return { table, load, route }
}

describe('generateStaticParams()', () => {
  it('a layout lists the parent params; the page is called once per set, with them', async () => {
    const calls: unknown[] = []
    const { load, route } = setup({
      'shop/[category]/layout.tsx': {
        generateStaticParams: () => [{ category: 'fruit' }, { category: 'veg' }],
      },
      'shop/[category]/[item]/page.tsx': {
        generateStaticParams: async ({ params }: { params: { category: string } }) => {
          calls.push(params)
          return params.category === 'fruit' ? [{ item: 'apple' }, { item: 'pear' }] : []
        },
      },
    })
    const item = route('shop/[category]/[item]/page.tsx')
    const sets = await listStaticParams(item, load)
    expect(calls).toEqual([{ category: 'fruit' }, { category: 'veg' }])
    expect(sets).toEqual([
      { category: 'fruit', item: 'apple' },
      { category: 'fruit', item: 'pear' },
    ])
    expect(sets!.map((params) => pathnameOf(item, params))).toEqual([
      '/shop/fruit/apple',
      '/shop/fruit/pear',
    ])
  })

  it('catch-all params are arrays, one URL segment each, percent-encoded; groups do not show', async () => {
    const { load, route } = setup({
      '(site)/docs/[...slug]/page.tsx': {
        generateStaticParams: () => [{ slug: ['guides', 'a b'] }, { slug: ['x/y'] }],
      },
      'tags/[[...tag]]/page.tsx': { generateStaticParams: () => [{}, { tag: ['a'] }] },
    })
    const docs = route('(site)/docs/[...slug]/page.tsx')
    const sets = (await listStaticParams(docs, load))!
    expect(sets.map((params) => pathnameOf(docs, params))).toEqual([
      '/docs/guides/a%20b',
      '/docs/x%2Fy',
    ])
    const tags = route('tags/[[...tag]]/page.tsx')
    const tagSets = (await listStaticParams(tags, load))!
    expect(tagSets.map((params) => pathnameOf(tags, params))).toEqual(['/tags', '/tags/a'])
  })

  it('makes the pathname a browser sends, which matches the route with the same params', () => {
    const { table, route } = setup({ 'x/[id]/page.tsx': {} })
    const x = route('x/[id]/page.tsx')
    for (const id of ['a:b@c', 'a b', "it's (1)!", 'a,b;c=d&e+f$', '[a]|^', 'é/%?#', '50%']) {
      const pathname = pathnameOf(x, { id })
      expect(new URL(pathname, 'http://localhost').pathname, id).toBe(pathname)
      expect(table.match(pathname)?.params, id).toEqual({ id })
    }
  })

  it('an error thrown by one names its file', async () => {
    const { load, route } = setup({
      'a/[x]/page.tsx': {
        generateStaticParams: () => {
          throw new Error('database down')
        },
      },
    })
    await expect(listStaticParams(route('a/[x]/page.tsx'), load)).rejects.toThrow(
      'generateStaticParams() in a/[x]/page.tsx threw for {}: Error: database down',
    )
  })

  it('is undefined for a route none of whose files export it', async () => {
    const { load, route } = setup({ 'notes/[id]/page.tsx': {} })
    expect(await listStaticParams(route('notes/[id]/page.tsx'), load)).toBeUndefined()
  })

  it('a set that misses a param, or gives a catch-all a string, fails naming the file', async () => {
    const { load, route } = setup({
      'a/[x]/[y]/page.tsx': { generateStaticParams: () => [{ x: '1' }] },
      'b/[...rest]/page.tsx': { generateStaticParams: () => [{ rest: 'not-an-array' }] },
      'c/[z]/page.tsx': { generateStaticParams: () => 'nope' },
    })
    await expect(listStaticParams(route('a/[x]/[y]/page.tsx'), load)).rejects.toThrow(
      'generateStaticParams() in a/[x]/[y]/page.tsx listed {"x":"1"}: `y` must be a non-empty string for this route.',
    )
    await expect(listStaticParams(route('b/[...rest]/page.tsx'), load)).rejects.toThrow(
      '`rest` must be an array of strings',
    )
    await expect(listStaticParams(route('c/[z]/page.tsx'), load)).rejects.toThrow(
      'generateStaticParams() in c/[z]/page.tsx must return an array of params objects.',
    )
  })

  it('params keys compare values, arrays or not', () => {
    const { route } = setup({ 'docs/[...slug]/page.tsx': {} })
    const docs = route('docs/[...slug]/page.tsx')
    expect(paramsKey(docs, { slug: ['a', 'b'] })).toBe(paramsKey(docs, { slug: ['a', 'b'] }))
    expect(paramsKey(docs, { slug: ['a', 'b'] })).not.toBe(paramsKey(docs, { slug: ['a/b'] }))
  })
})

describe('what a build prerenders', () => {
  it("a page in an @slot folder is rendered within its URL's page, never as a route of its own", async () => {
    const { table, load } = setup({
      'layout.tsx': {},
      'page.tsx': {},
      'team/layout.tsx': {},
      'team/page.tsx': {},
      'team/@side/page.tsx': {},
      'team/@side/default.tsx': {},
      'team/@side/stats/page.tsx': {},
      'team/stats/page.tsx': {},
    })
    const targets = await prerenderTargets(table, load, new RouteClassification())
    expect(targets.map((target) => target.route).sort()).toEqual([
      'page.tsx',
      'team/page.tsx',
      'team/stats/page.tsx',
    ])
  })
})

describe('dynamicParams = false', () => {
  it('lets only the listed params through; true (the default) lets every one through', async () => {
    const { table, load } = setup({
      'docs/[...slug]/page.tsx': {
        generateStaticParams: () => [{ slug: ['intro'] }, { slug: ['guides', 'routing'] }],
        dynamicParams: false,
      },
      'notes/[id]/page.tsx': { generateStaticParams: () => [{ id: '1' }] },
    })
    const classification = new RouteClassification()
    const listed = (pathname: string) => classification.isListed(table.match(pathname)!, load)
    expect(await listed('/docs/intro')).toBe(true)
    expect(await listed('/docs/guides/routing')).toBe(true)
    expect(await listed('/docs/guides')).toBe(false)
    expect(await listed('/docs/other')).toBe(false)
    expect(await listed('/notes/2')).toBe(true)
  })

  it('in a layout applies to the pages below it', async () => {
    const { table, load } = setup({
      'shop/[category]/layout.tsx': {
        generateStaticParams: () => [{ category: 'fruit' }],
        dynamicParams: false,
      },
      'shop/[category]/page.tsx': {},
    })
    const classification = new RouteClassification()
    expect(await classification.isListed(table.match('/shop/fruit')!, load)).toBe(true)
    expect(await classification.isListed(table.match('/shop/veg')!, load)).toBe(false)
  })
})

describe('export const revalidate', () => {
  it('the lowest of the page and its layouts counts; 0 makes the route dynamic', async () => {
    const { load, route } = setup({
      'layout.tsx': { revalidate: 60 },
      'a/page.tsx': { revalidate: 600 },
      'b/page.tsx': { revalidate: 0 },
    })
    const classification = new RouteClassification()
    expect(await classification.configOf(route('a/page.tsx'), load)).toMatchObject({
      revalidate: 60,
      mode: 'auto',
    })
    expect(await classification.configOf(route('b/page.tsx'), load)).toMatchObject({
      mode: 'force-dynamic',
    })
  })
})

describe('the build output', () => {
  it('gives every pathname its own file name, never . or .., with no folders', () => {
    const names = ['/', '/a/b', '/a~b', '/a%2Fb', '/..', '/a.b'].map((p) => bodyFileName(p, 'html'))
    expect(new Set(names).size).toBe(names.length)
    expect(names[0]).toBe('~index.html')
    expect(names[1]).toBe('~a~b.html')
    for (const name of names) {
      expect(name).not.toContain('/')
      expect(name.slice(0, -'.html'.length)).not.toContain('.')
    }
    expect(bodyFileName(`/${'x'.repeat(300)}`, 'rsc')).toMatch(/^[0-9a-f]{64}\.rsc$/)
  })

  it('reports one line per route: its URL pattern, size, first-load JS and kind', () => {
    const body = (size: number) => ({ file: 'f', size, etag: '"e"', status: 200, headers: {} })
    const page = (route: string) => ({
      route,
      payload: body(1000),
      html: body(2500),
      tags: [],
      renderedAt: 0,
      dataExpiresAt: null,
    })
    const manifest: PrerenderManifest = {
      version: 1,
      buildId: 'b',
      routes: [
        { route: '(site)/about/page.tsx', kind: 'static', pathnames: ['/about'] },
        {
          route: 'docs/[...slug]/page.tsx',
          kind: 'prerendered',
          pathnames: ['/docs/a', '/docs/b'],
        },
        { route: 'stats/page.tsx', kind: 'dynamic', pathnames: [], reason: 'read the request' },
      ],
      pages: {
        '/about': page('(site)/about/page.tsx'),
        '/docs/a': page('docs/[...slug]/page.tsx'),
        '/docs/b': page('docs/[...slug]/page.tsx'),
      },
    }
    expect(routePattern('(site)/about/page.tsx')).toBe('/about')
    const firstLoadJs = new Map([
      ['(site)/about/page.tsx', 80_120],
      ['docs/[...slug]/page.tsx', 81_000],
      ['stats/page.tsx', 100_000],
    ])
    expect(formatPrerenderReport(manifest, 'dist/prerender', firstLoadJs)).toEqual([
      'prerendered 3 pages into dist/prerender/ (size: their HTML and payloads; first load JS: gzip):',
      'route               size  first load JS',
      '/about           3.50 kB       80.12 kB  static',
      '/docs/[...slug]  7.00 kB       81.00 kB  prerendered with params (2 pages)',
      '/stats                        100.00 kB  dynamic (read the request)',
    ])
  })

  it('names an error a page showed in its route line, as the log line the build held says it', () => {
    const lines: string[] = []
    const original = console.error
    console.error = (line: string) => lines.push(line)
    try {
      reportServerError(new Error('The side slot failed on purpose.'))
    } finally {
      console.error = original
    }
    expect(lines).toHaveLength(1)
    const error = loggedErrorMessage(lines[0]!)
    expect(error).toBe('Error: The side slot failed on purpose.')
    const manifest: PrerenderManifest = {
      version: 1,
      buildId: 'b',
      routes: [
        {
          route: 'slots/boom/page.tsx',
          kind: 'not-prerendered',
          pathnames: [],
          reason: caughtErrorReason('/slots/boom', error),
        },
      ],
      pages: {},
    }
    expect(formatPrerenderReport(manifest, 'dist/prerender', new Map())).toEqual([
      'prerendered 0 pages into dist/prerender/ (size: their HTML and payloads; first load JS: gzip):',
      'route        size  first load JS',
      '/slots/boom                       not prerendered (/slots/boom showed an error while prerendering, Error: The side slot failed on purpose.; npm start logs its stack, with a digest, when the page is requested)',
    ])
  })
})

describe('first-load JS', () => {
  it("is the entry's JS and that of the client references the route's files and slots import", () => {
    const chunk = (moduleIds: string[], imports: string[] = [], isEntry = false) => ({
      moduleIds,
      imports,
      isEntry,
    })
    const sizes: Record<string, number> = {
      'assets/index.js': 1000,
      'assets/button.js': 100,
      'assets/side.js': 10,
      'assets/unused.js': 5000,
    }
    const graph: ClientGraph = {
      // The rsc entry holds the framework's boundaries; the routes' chunks what they import.
      serverChunks: new Map([
        ['index.js', chunk(['/app/framework.tsx', '/client/boundaries.tsx'], ['unused.js'], true)],
        ['unused.js', chunk(['/client/unused.tsx'])],
        ['layout.js', chunk(['/routes/layout.tsx'])],
        ['a.js', chunk(['/routes/a/page.tsx'], ['shared.js'])],
        ['shared.js', chunk(['/app/shared.ts', '/client/button.tsx'])],
        ['b.js', chunk(['/routes/b/page.tsx', '/routes/s/layout.tsx', '/routes/s/page.tsx'])],
        ['side.js', chunk(['/routes/s/@side/page.tsx', '/client/side.tsx'])],
      ]),
      clientReferenceJs: new Map([
        ['/client/boundaries.tsx', ['assets/index.js']],
        ['/client/button.tsx', ['assets/button.js', 'assets/index.js']],
        ['/client/side.tsx', ['assets/side.js', 'assets/index.js']],
        ['/client/unused.tsx', ['assets/unused.js']],
      ]),
      entryJs: ['assets/index.js'],
      moduleIdOf: (file) => `/routes/${file}`,
      gzipBytesOf: (file) => sizes[file]!,
    }
    const files = ['layout.tsx', 'page.tsx', 'a/page.tsx', 'b/page.tsx', 's/layout.tsx']
    const sizesByRoute = firstLoadJs([...files, 's/page.tsx', 's/@side/page.tsx'], graph)
    expect(Object.fromEntries(sizesByRoute)).toEqual({
      'page.tsx': 1000,
      'a/page.tsx': 1100,
      'b/page.tsx': 1000,
      's/page.tsx': 1010,
    })
  })
})

describe('errors met while prerendering', () => {
  /** A handler whose page throws `message` and answers `status`, keeping nothing. */
  const failing = (message: string, status: number): Prerenderer => ({
    buildId: 'b',
    origin: 'http://localhost',
    handler: async () => {
      reportServerError(new Error(message))
      return new Response('<p>page</p>', { status })
    },
    targets: async () => [],
    metadataTargets: async () => [],
    page: () => undefined,
    rendering: () => undefined,
    shellRefusal: () => undefined,
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it('an error the page showed is held: not logged, named in the outcome', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const outcome = await prerenderPage(
      failing('The side slot failed on purpose.', 200),
      'slots/boom/page.tsx',
      '/slots/boom',
      () => 'src/routes/slots/boom/page.tsx',
    )
    expect(outcome).toEqual({
      kind: 'not-prerendered',
      status: 200,
      caught: 'Error: The side slot failed on purpose.',
    })
    expect(logged).not.toHaveBeenCalled()
  })

  it('a page that fails fails the build, naming the page and its file, its stack logged', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(
      prerenderPage(
        failing('boom at build', 500),
        'boom/page.tsx',
        '/boom',
        () => 'src/routes/boom/page.tsx',
      ),
    ).rejects.toThrow(
      'Error occurred prerendering page "/boom" (src/routes/boom/page.tsx): Error: boom at build.',
    )
    expect(logged).toHaveBeenCalledTimes(1)
    expect(String(logged.mock.calls[0]![0])).toMatch(
      /^\[server error\] digest=\d+\nError: boom at build\n\s+at /,
    )
  })
})

describe("a handler's store with the build's pages", () => {
  let dir = ''
  let time = 1_000_000
  const BUILD_ID = 'build-1'

  function writeBuild(page: { tags?: string[]; dataExpiresAt?: number | null } = {}) {
    const body = (file: string, text: string) => {
      writeFileSync(join(dir, file), text)
      return { file, size: text.length, etag: `"${text}"`, status: 200, headers: {} }
    }
    const manifest: PrerenderManifest = {
      version: 1,
      buildId: BUILD_ID,
      routes: [{ route: 'docs/[...slug]/page.tsx', kind: 'prerendered', pathnames: ['/docs/a'] }],
      pages: {
        '/docs/a': {
          route: 'docs/[...slug]/page.tsx',
          payload: body('a.rsc', 'payload-a'),
          html: body('a.html', 'html-a'),
          tags: ['_path:/docs/a', ...(page.tags ?? [])],
          renderedAt: 500_000,
          dataExpiresAt: page.dataExpiresAt ?? null,
        },
      },
    }
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
  }

  /** A store processes share, as Redis is: it says how long it keeps invalidations. */
  class SharedStore extends MemoryCacheHandler {
    readonly invalidationsKeptMs = 86_400_000
  }

  function storeOf(buildId = BUILD_ID, handler: MemoryCacheHandler = new SharedStore()) {
    const cache = new CacheStorage(undefined, handler)
    return { cache, store: new StaticPageStore(cache, new PrerenderedPages(dir, buildId)) }
  }

  const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes)

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prerender-unit-'))
    time = 1_000_000
    setCacheClock(() => time)
  })
  afterEach(() => {
    setCacheClock()
    rmSync(dir, { recursive: true, force: true })
  })

  it('serves the page the build wrote, with its ETags, from the first request', async () => {
    writeBuild()
    const { store } = storeOf()
    const page = await store.fresh('/docs/a')
    expect(text(page?.payload.bytes)).toBe('payload-a')
    expect(page?.payload.etag).toBe('"payload-a"')
    expect(text(page?.html?.bytes)).toBe('html-a')
    expect(await store.fresh('/docs/b')).toBeUndefined()
  })

  it('drops it for good on an invalidation of its path or of data it showed', async () => {
    writeBuild({ tags: ['notes'] })
    const { cache, store } = storeOf()
    expect(await store.fresh('/docs/a')).toBeDefined()
    await cache.invalidateTags(['notes'])
    expect(await store.fresh('/docs/a')).toBeUndefined()
    time += 10_000_000 // long after: the memory store may have forgotten the invalidation
    expect(await store.fresh('/docs/a')).toBeUndefined()

    const other = storeOf()
    await other.cache.invalidateTags(['_path:/docs/a']) // before the page was ever read
    expect(await other.store.fresh('/docs/a')).toBeUndefined()
  })

  it('with the memory store, one that showed cached() data is rendered afresh; others are served', async () => {
    // The data may have changed in an earlier process (before a restart), which it cannot know.
    writeBuild({ tags: ['notes'] })
    expect(await storeOf(BUILD_ID, new MemoryCacheHandler()).store.fresh('/docs/a')).toBeUndefined()
    writeBuild()
    expect(await storeOf(BUILD_ID, new MemoryCacheHandler()).store.fresh('/docs/a')).toBeDefined()
  })

  it('expires when its data does (revalidate = N)', async () => {
    writeBuild({ dataExpiresAt: 1_500_000 })
    const { store } = storeOf()
    expect(await store.fresh('/docs/a')).toBeDefined()
    time = 1_500_000
    expect(await store.fresh('/docs/a')).toBeUndefined()
  })

  it('is superseded by a page rendered since', async () => {
    writeBuild()
    const { store } = storeOf()
    const rendered = await store.renderToKeep(
      '/docs/a',
      async () => ({ payload: new TextEncoder().encode('fresh') }),
      () => true,
    )
    expect(text((await store.fresh('/docs/a'))?.payload.bytes)).toBe('fresh')
    expect(rendered.page).toBeDefined()
  })

  it('renders a page whose file is gone, and ignores a manifest it cannot read', async () => {
    writeBuild()
    rmSync(join(dir, 'a.rsc'))
    expect(await storeOf().store.fresh('/docs/a')).toBeUndefined()
    writeFileSync(join(dir, 'manifest.json'), '{ not json')
    expect(await storeOf().store.fresh('/docs/a')).toBeUndefined()
  })

  it("ignores another build's pages", async () => {
    writeBuild()
    const { store } = storeOf('build-2')
    expect(await store.fresh('/docs/a')).toBeUndefined()
  })
})

describe('prerender(): the origin the build asks for', () => {
  let dir: string
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'prerender-origin-'))
  })
  afterEach(() => {
    delete process.env.ORIGIN
    rmSync(dir, { recursive: true, force: true })
  })

  /**
   * A built rsc entry whose prerenderer keeps `/` and records the URL of each request it gets:
   * its origin is the options' (config.ts resolves an `origin` option to its origin).
   */
  const ENTRY = `
    export const asked = []
    export function createPrerenderer(options = {}) {
      const origin = options.origin ? new URL(options.origin).origin : 'http://localhost'
      const body = (etag) => ({ etag, bytes: new Uint8Array(0) })
      return {
        buildId: 'test',
        origin,
        handler: async (request) => {
          asked.push(request.url)
          return new Response('rendered')
        },
        targets: async () => [{ route: 'page.tsx', kind: 'render', withParams: false, pathnames: ['/'] }],
        metadataTargets: async () => ['/robots.txt'],
        page: () => ({ payload: body('"p"'), html: body('"h"'), tags: [], renderedAt: 0 }),
        rendering: () => 'static',
      }
    }
  `

  it('is ORIGIN as the build runs, never a fixed host', async () => {
    writeFileSync(join(dir, 'index.js'), ENTRY)
    process.env.ORIGIN = 'https://notebook.example/ignored-path'
    const { prerender } = await import('../../src/framework/build/prerender.ts')
    await prerender({
      rscOutDir: dir,
      outDir: join(dir, 'out'),
      routesDir: 'src/routes',
      firstLoadJs: new Map(),
      log() {},
    })
    const entry = (await import(join(dir, 'index.js'))) as { asked: string[] }
    expect(entry.asked).toEqual([
      'https://notebook.example/',
      'https://notebook.example/_.rsc',
      'https://notebook.example/robots.txt',
    ])
  })
})
