import { describe, expect, it } from 'vitest'
import { createRouteTable, RouteConflictError } from '../../src/framework/routing/route-table.ts'
import type { RouteMatch, RouteTable } from '../../src/framework/routing/types.ts'

/** The file a URL resolves to, or null. */
function fileFor(table: RouteTable, pathname: string): string | null {
  return table.match(pathname)?.route.file ?? null
}

function mustMatch(table: RouteTable, pathname: string): RouteMatch {
  const match = table.match(pathname)
  if (!match) throw new Error(`expected ${pathname} to match a route`)
  return match
}

function conflictOf(files: string[]): RouteConflictError {
  try {
    createRouteTable(files)
  } catch (error) {
    if (error instanceof RouteConflictError) return error
    throw error
  }
  throw new Error(`expected a RouteConflictError for ${files.join(', ')}`)
}

describe('static and nested routes', () => {
  const table = createRouteTable([
    'layout.tsx',
    'page.tsx',
    'about/page.tsx',
    'notes/layout.tsx',
    'notes/page.tsx',
    'notes/archive/2024/page.tsx',
  ])

  it('matches the root page', () => {
    const match = mustMatch(table, '/')
    expect(match.route.file).toBe('page.tsx')
    expect(match.route.type).toBe('page')
    expect(match.params).toEqual({})
  })

  it('matches static and nested pages', () => {
    expect(fileFor(table, '/about')).toBe('about/page.tsx')
    expect(fileFor(table, '/notes')).toBe('notes/page.tsx')
    expect(fileFor(table, '/notes/archive/2024')).toBe('notes/archive/2024/page.tsx')
  })

  it('matches nothing for unknown URLs, partial paths and extra segments', () => {
    expect(table.match('/contact')).toBeNull()
    expect(table.match('/notes/archive')).toBeNull() // a folder without a page
    expect(table.match('/about/team')).toBeNull()
    expect(table.match('/About')).toBeNull() // segments are case-sensitive
  })

  it('records the folder chain from the root to the leaf, with its files', () => {
    const { route } = mustMatch(table, '/notes/archive/2024')
    expect(route.chain.map((d) => d.dir)).toEqual([
      '',
      'notes',
      'notes/archive',
      'notes/archive/2024',
    ])
    expect(route.chain[0]!.files.layout).toBe('layout.tsx')
    expect(route.chain[1]!.files.layout).toBe('notes/layout.tsx')
    expect(route.chain[2]!.files).toEqual({})
    expect(route.pattern.map((d) => d.name)).toEqual(['notes', 'archive', '2024'])
  })

  it('exposes the root folder and every route', () => {
    expect(table.root.dir).toBe('')
    expect(table.root.files).toEqual({ layout: 'layout.tsx', page: 'page.tsx' })
    expect(table.routes.map((r) => r.file).sort()).toEqual([
      'about/page.tsx',
      'notes/archive/2024/page.tsx',
      'notes/page.tsx',
      'page.tsx',
    ])
  })

  it('accepts every source extension', () => {
    const t = createRouteTable(['a/page.ts', 'b/page.jsx', 'c/page.js', 'd/page.tsx'])
    expect(['/a', '/b', '/c', '/d'].map((p) => fileFor(t, p))).toEqual([
      'a/page.ts',
      'b/page.jsx',
      'c/page.js',
      'd/page.tsx',
    ])
  })
})

describe('dynamic segments', () => {
  const table = createRouteTable(['notes/[id]/page.tsx', 'users/[user]/posts/[post]/page.tsx'])

  it('captures one segment as a string', () => {
    const match = mustMatch(table, '/notes/42')
    expect(match.route.file).toBe('notes/[id]/page.tsx')
    expect(match.params).toEqual({ id: '42' })
  })

  it('captures several params along the path', () => {
    expect(mustMatch(table, '/users/ada/posts/7').params).toEqual({ user: 'ada', post: '7' })
  })

  it('needs exactly one segment', () => {
    expect(table.match('/notes')).toBeNull()
    expect(table.match('/notes/42/edit')).toBeNull()
    expect(table.match('/users/ada/posts')).toBeNull()
  })

  it('classifies the folder', () => {
    const [, notes, id] = mustMatch(table, '/notes/1').route.chain
    expect(notes).toMatchObject({ type: 'static', name: 'notes' })
    expect(id).toMatchObject({ type: 'dynamic', name: 'id' })
  })
})

describe('catch-all segments', () => {
  const table = createRouteTable(['docs/[...slug]/page.tsx'])

  it('captures one or more segments as an array', () => {
    expect(mustMatch(table, '/docs/intro').params).toEqual({ slug: ['intro'] })
    expect(mustMatch(table, '/docs/guide/routing/groups').params).toEqual({
      slug: ['guide', 'routing', 'groups'],
    })
  })

  it('needs at least one segment', () => {
    expect(table.match('/docs')).toBeNull()
    expect(table.match('/docs/')).toBeNull()
  })

  it('classifies the folder', () => {
    expect(mustMatch(table, '/docs/a').route.pattern[1]).toMatchObject({
      type: 'catch-all',
      name: 'slug',
    })
  })
})

describe('optional catch-all segments', () => {
  const table = createRouteTable(['tags/[[...tag]]/page.tsx'])

  it('matches its parent URL with no params key at all', () => {
    const match = mustMatch(table, '/tags')
    expect(match.route.file).toBe('tags/[[...tag]]/page.tsx')
    expect(match.params).toEqual({})
    expect('tag' in match.params).toBe(false)
  })

  it('captures one or more segments as an array', () => {
    expect(mustMatch(table, '/tags/react').params).toEqual({ tag: ['react'] })
    expect(mustMatch(table, '/tags/a/b/c').params).toEqual({ tag: ['a', 'b', 'c'] })
  })

  it('does not match outside its parent', () => {
    expect(table.match('/')).toBeNull()
    expect(table.match('/tag')).toBeNull()
  })

  it('works at the root', () => {
    const root = createRouteTable(['[[...all]]/page.tsx'])
    expect(mustMatch(root, '/').params).toEqual({})
    expect(mustMatch(root, '/x/y').params).toEqual({ all: ['x', 'y'] })
  })

  it('classifies the folder', () => {
    expect(mustMatch(table, '/tags').route.pattern[1]).toMatchObject({
      type: 'optional-catch-all',
      name: 'tag',
    })
  })
})

describe('route groups', () => {
  const table = createRouteTable([
    'layout.tsx',
    '(site)/layout.tsx',
    '(site)/about/page.tsx',
    '(site)/(nested)/team/[member]/page.tsx',
    '(marketing)/page.tsx',
  ])

  it('adds no URL segment', () => {
    expect(fileFor(table, '/about')).toBe('(site)/about/page.tsx')
    expect(fileFor(table, '/')).toBe('(marketing)/page.tsx')
    expect(mustMatch(table, '/team/ada').params).toEqual({ member: 'ada' })
  })

  it('is not reachable by its folder name', () => {
    expect(table.match('/(site)/about')).toBeNull()
    expect(table.match('/site/about')).toBeNull()
  })

  it('stays in the chain (its layout wraps the route) but not in the pattern', () => {
    const { route } = mustMatch(table, '/about')
    expect(route.chain.map((d) => d.dir)).toEqual(['', '(site)', '(site)/about'])
    expect(route.chain[1]).toMatchObject({ type: 'group', files: { layout: '(site)/layout.tsx' } })
    expect(route.pattern.map((d) => d.dir)).toEqual(['(site)/about'])
  })
})

describe('precedence: static beats dynamic beats catch-all beats optional catch-all', () => {
  it('at the first segment', () => {
    const table = createRouteTable([
      'about/page.tsx',
      '[id]/page.tsx',
      '[...rest]/page.tsx',
      'shop/[[...path]]/page.tsx',
    ])
    expect(fileFor(table, '/about')).toBe('about/page.tsx')
    expect(fileFor(table, '/contact')).toBe('[id]/page.tsx')
    expect(fileFor(table, '/about/team')).toBe('[...rest]/page.tsx')
    expect(fileFor(table, '/contact/team')).toBe('[...rest]/page.tsx')
    // `shop` is static at depth 0, so it wins over both [id] and [...rest].
    expect(fileFor(table, '/shop')).toBe('shop/[[...path]]/page.tsx')
    expect(fileFor(table, '/shop/a/b')).toBe('shop/[[...path]]/page.tsx')
  })

  it('dynamic beats an optional catch-all', () => {
    const table = createRouteTable(['[id]/page.tsx', '[[...all]]/page.tsx'])
    expect(fileFor(table, '/x')).toBe('[id]/page.tsx')
    expect(fileFor(table, '/')).toBe('[[...all]]/page.tsx')
    expect(fileFor(table, '/x/y')).toBe('[[...all]]/page.tsx')
  })

  it('at a deeper segment', () => {
    const table = createRouteTable([
      'a/[b]/c/page.tsx',
      'a/[b]/[d]/page.tsx',
      'a/[b]/[...e]/page.tsx',
      'a/[b]/z/[[...f]]/page.tsx',
    ])
    expect(mustMatch(table, '/a/1/c')).toMatchObject({
      route: { file: 'a/[b]/c/page.tsx' },
      params: { b: '1' },
    })
    expect(mustMatch(table, '/a/1/2')).toMatchObject({
      route: { file: 'a/[b]/[d]/page.tsx' },
      params: { b: '1', d: '2' },
    })
    expect(mustMatch(table, '/a/1/2/3')).toMatchObject({
      route: { file: 'a/[b]/[...e]/page.tsx' },
      params: { b: '1', e: ['2', '3'] },
    })
    expect(mustMatch(table, '/a/1/c/3')).toMatchObject({
      route: { file: 'a/[b]/[...e]/page.tsx' },
      params: { e: ['c', '3'] },
    })
    expect(fileFor(table, '/a/1/z')).toBe('a/[b]/z/[[...f]]/page.tsx')
    expect(fileFor(table, '/a/1/z/9')).toBe('a/[b]/z/[[...f]]/page.tsx')
  })

  it('is decided at the first segment that differs', () => {
    const table = createRouteTable(['[x]/static/page.tsx', 'fixed/[y]/page.tsx'])
    expect(mustMatch(table, '/fixed/static')).toMatchObject({
      route: { file: 'fixed/[y]/page.tsx' },
      params: { y: 'static' },
    })
    expect(mustMatch(table, '/other/static').params).toEqual({ x: 'other' })
  })

  it('falls through to the next route when the more specific one does not match', () => {
    const table = createRouteTable(['notes/new/page.tsx', 'notes/[id]/page.tsx'])
    expect(fileFor(table, '/notes/new')).toBe('notes/new/page.tsx')
    expect(fileFor(table, '/notes/newer')).toBe('notes/[id]/page.tsx')
  })

  it('does not depend on the order of the files', () => {
    const files = [
      'x/[[...opt]]/page.tsx',
      '[a]/[...b]/page.tsx',
      'x/[id]/page.tsx',
      'x/static/page.tsx',
    ]
    const forward = createRouteTable(files)
    const backward = createRouteTable([...files].reverse())
    const expected = {
      '/x': 'x/[[...opt]]/page.tsx',
      '/x/static': 'x/static/page.tsx',
      '/x/1': 'x/[id]/page.tsx',
      '/x/1/2': 'x/[[...opt]]/page.tsx',
      '/q/1': '[a]/[...b]/page.tsx',
    }
    for (const [url, file] of Object.entries(expected)) {
      expect(fileFor(forward, url)).toBe(file)
      expect(fileFor(backward, url)).toBe(file)
    }
  })

  it('orders the route list by the same ranking, segment by segment', () => {
    // The four kinds at depth 1 under different static parents never share a URL, so only the
    // order of `routes` shows the ranking between a catch-all and an optional catch-all.
    const table = createRouteTable([
      'd/[[...opt]]/page.tsx',
      'c/[...all]/page.tsx',
      'b/[id]/page.tsx',
      'a/static/page.tsx',
      '[[...root]]/page.tsx',
    ])
    expect(table.routes.map((r) => r.file)).toEqual([
      'a/static/page.tsx',
      'b/[id]/page.tsx',
      'c/[...all]/page.tsx',
      'd/[[...opt]]/page.tsx',
      '[[...root]]/page.tsx',
    ])
  })
})

describe('route handlers and pages', () => {
  const table = createRouteTable(['page.tsx', 'api/notes/route.ts', 'api/notes/[id]/route.js'])

  it('marks route.ts leaves as handlers', () => {
    const match = mustMatch(table, '/api/notes')
    expect(match.route).toMatchObject({ file: 'api/notes/route.ts', type: 'handler' })
    expect(mustMatch(table, '/api/notes/3')).toMatchObject({
      route: { file: 'api/notes/[id]/route.js', type: 'handler' },
      params: { id: '3' },
    })
  })

  it('marks page leaves as pages', () => {
    expect(mustMatch(table, '/').route.type).toBe('page')
  })

  it('makes no route for a folder with only a layout, loading or error file', () => {
    const t = createRouteTable(['shop/layout.tsx', 'shop/loading.tsx', 'shop/error.tsx'])
    expect(t.routes).toEqual([])
    expect(t.match('/shop')).toBeNull()
  })
})

describe('colocation: ordinary modules are ignored', () => {
  const table = createRouteTable([
    'page.tsx',
    'app.css',
    'utils.ts',
    '_components/counter.tsx',
    '_components/nav-link.tsx',
    'notes/notes-data.ts',
    'notes/page.test.tsx',
    'notes/pages.tsx',
    'notes/page.tsx.bak',
    'notes/page.css',
    'notes/README.md',
    'blog/[slug]/helpers.tsx',
  ])

  it('makes routes only from page and route files', () => {
    expect(table.routes.map((r) => r.file)).toEqual(['page.tsx'])
    expect(table.match('/notes')).toBeNull()
    expect(table.match('/_components')).toBeNull()
    expect(table.match('/blog/x')).toBeNull()
  })

  it('does not record ordinary modules as segment files', () => {
    expect(table.root.files).toEqual({ page: 'page.tsx' })
  })

  it('does not count ordinary modules as conflicts', () => {
    expect(() =>
      createRouteTable(['x/page.tsx', 'x/page.test.tsx', 'x/route.helpers.ts', 'x/page.css']),
    ).not.toThrow()
  })
})

describe('percent-encoding', () => {
  const table = createRouteTable([
    'about/page.tsx',
    'notes/[id]/page.tsx',
    'docs/[...slug]/page.tsx',
  ])

  it('decodes dynamic params', () => {
    expect(mustMatch(table, '/notes/hello%20world').params).toEqual({ id: 'hello world' })
    expect(mustMatch(table, '/notes/%E2%9C%93%F0%9F%98%80').params).toEqual({ id: '✓😀' })
  })

  it('decodes each catch-all segment after splitting, so %2F stays inside a segment', () => {
    expect(mustMatch(table, '/docs/a%2Fb/c%3Fd').params).toEqual({ slug: ['a/b', 'c?d'] })
  })

  it('matches a static segment only as sent: an encoded alias reaches no route', () => {
    expect(fileFor(table, '/about')).toBe('about/page.tsx')
    expect(table.match('/ab%6Fut')).toBeNull()
    expect(table.match('/%61%62%6F%75%74')).toBeNull()
    // An alias of a static segment in front of a dynamic one does not reach it either.
    expect(table.match('/%6Eotes/7')).toBeNull()
    expect(table.match('/doc%73/a/b')).toBeNull()
  })

  it('matches folders whose names need encoding by their canonical encoding only', () => {
    const encoded = createRouteTable(['a b/page.tsx', 'café/page.tsx', '100%/page.tsx'])
    // What `new URL()` makes of each name is what a link to it sends.
    for (const name of ['a b', 'café', '100%']) {
      const { pathname } = new URL(`http://localhost/${name}`)
      expect(fileFor(encoded, pathname), pathname).toBe(`${name}/page.tsx`)
    }
    expect(fileFor(encoded, '/a%20b')).toBe('a b/page.tsx')
    expect(fileFor(encoded, '/caf%C3%A9')).toBe('café/page.tsx')
    expect(encoded.match('/caf%c3%a9')).toBeNull() // not the canonical (upper-case) encoding
    expect(encoded.match('/%61%20b')).toBeNull()
    expect(encoded.match('/a+b')).toBeNull()
  })

  it('matches nothing for malformed encoding', () => {
    expect(table.match('/notes/%')).toBeNull()
    expect(table.match('/notes/%zz')).toBeNull()
    expect(table.match('/notes/%E2%9C')).toBeNull() // truncated UTF-8 sequence
    expect(table.match('/docs/ok/%E0%A4%A')).toBeNull()
    expect(table.match('/about/%zz')).toBeNull()
    expect(table.match('/%zz')).toBeNull()
  })
})

describe('trailing slashes', () => {
  const table = createRouteTable([
    'page.tsx',
    'about/page.tsx',
    'notes/[id]/page.tsx',
    'docs/[...slug]/page.tsx',
    'tags/[[...tag]]/page.tsx',
  ])

  it('match as without', () => {
    expect(fileFor(table, '/about/')).toBe('about/page.tsx')
    expect(mustMatch(table, '/notes/1/').params).toEqual({ id: '1' })
    expect(mustMatch(table, '/docs/a/b/').params).toEqual({ slug: ['a', 'b'] })
    expect(mustMatch(table, '/tags/').params).toEqual({})
  })

  it('do not become empty params', () => {
    expect(mustMatch(table, '/docs/a/').params).toEqual({ slug: ['a'] })
    expect(table.match('/notes/')).toBeNull()
  })
})

describe('duplicate routes are an error naming both files', () => {
  const cases: Array<{ name: string; files: string[]; conflicting: [string, string] }> = [
    {
      name: 'two groups producing one URL',
      files: ['page.tsx', '(a)/about/page.tsx', '(b)/about/page.tsx'],
      conflicting: ['(a)/about/page.tsx', '(b)/about/page.tsx'],
    },
    {
      name: 'a group page and the root page',
      files: ['page.tsx', '(home)/page.tsx'],
      conflicting: ['page.tsx', '(home)/page.tsx'],
    },
    {
      name: '[id] and [slug] siblings',
      files: ['notes/[id]/page.tsx', 'notes/[slug]/page.tsx'],
      conflicting: ['notes/[id]/page.tsx', 'notes/[slug]/page.tsx'],
    },
    {
      name: '[...a] and [...b] siblings',
      files: ['docs/[...a]/page.tsx', 'docs/[...b]/page.tsx'],
      conflicting: ['docs/[...a]/page.tsx', 'docs/[...b]/page.tsx'],
    },
    {
      name: 'a catch-all and an optional catch-all side by side',
      files: ['docs/[...a]/page.tsx', 'docs/[[...b]]/page.tsx'],
      conflicting: ['docs/[...a]/page.tsx', 'docs/[[...b]]/page.tsx'],
    },
    {
      name: 'page.tsx and route.ts in one folder',
      files: ['api/page.tsx', 'api/route.ts'],
      conflicting: ['api/page.tsx', 'api/route.ts'],
    },
    {
      name: 'a page and a route handler in different groups',
      files: ['(app)/api/page.tsx', '(api)/api/route.ts'],
      conflicting: ['(app)/api/page.tsx', '(api)/api/route.ts'],
    },
    {
      name: 'page.tsx and page.ts in one folder',
      files: ['about/page.tsx', 'about/page.ts'],
      conflicting: ['about/page.tsx', 'about/page.ts'],
    },
    {
      name: 'an optional catch-all and a page at its parent URL',
      files: ['tags/page.tsx', 'tags/[[...tag]]/page.tsx'],
      conflicting: ['tags/page.tsx', 'tags/[[...tag]]/page.tsx'],
    },
    {
      name: 'an optional catch-all at the root and the root page',
      files: ['[[...all]]/page.tsx', 'page.tsx'],
      conflicting: ['[[...all]]/page.tsx', 'page.tsx'],
    },
  ]

  for (const { name, files, conflicting } of cases) {
    it(name, () => {
      for (const order of [files, [...files].reverse()]) {
        const error = conflictOf(order)
        expect(error).toBeInstanceOf(Error)
        expect(error.name).toBe('RouteConflictError')
        expect([...error.files].sort()).toEqual([...conflicting].sort())
        expect(error.message).toContain(conflicting[0])
        expect(error.message).toContain(conflicting[1])
      }
    })
  }

  it('names the URL both routes resolve to', () => {
    expect(conflictOf(['(a)/about/page.tsx', '(b)/about/page.tsx']).url).toBe('/about')
    expect(conflictOf(['tags/page.tsx', 'tags/[[...tag]]/page.tsx']).url).toBe('/tags')
  })

  it('is not raised for routes that only overlap by precedence', () => {
    expect(() =>
      createRouteTable([
        'notes/new/page.tsx',
        'notes/[id]/page.tsx',
        'notes/[...rest]/page.tsx',
        'notes/page.tsx',
        'docs/[...slug]/page.tsx',
        'docs/page.tsx',
      ]),
    ).not.toThrow()
  })
})
