import { describe, expect, it } from 'vitest'
import { nearestWith, paramsUpTo, slotAt } from '../../src/framework/routing/route-chain.ts'
import { createRouteTable } from '../../src/framework/routing/route-table.ts'
import type { RouteMatch, RouteTable } from '../../src/framework/routing/types.ts'

function mustMatch(table: RouteTable, pathname: string): RouteMatch {
  const match = table.match(pathname)
  if (!match) throw new Error(`expected ${pathname} to match a route`)
  return match
}

describe('paramsUpTo', () => {
  const table = createRouteTable([
    'shop/[category]/(detail)/[item]/reviews/[[...filters]]/page.tsx',
  ])

  it('gives each folder of the chain the params of its own and its ancestors segments', () => {
    const { route, params } = mustMatch(table, '/shop/shoes/boot-1/reviews/stars/5')
    expect(params).toEqual({ category: 'shoes', item: 'boot-1', filters: ['stars', '5'] })
    expect(route.chain.map((d) => d.dir.split('/').at(-1))).toEqual([
      '',
      'shop',
      '[category]',
      '(detail)',
      '[item]',
      'reviews',
      '[[...filters]]',
    ])
    expect(paramsUpTo(route, 0, params)).toEqual({})
    expect(paramsUpTo(route, 1, params)).toEqual({})
    expect(paramsUpTo(route, 2, params)).toEqual({ category: 'shoes' })
    expect(paramsUpTo(route, 3, params)).toEqual({ category: 'shoes' })
    expect(paramsUpTo(route, 4, params)).toEqual({ category: 'shoes', item: 'boot-1' })
    expect(paramsUpTo(route, 5, params)).toEqual({ category: 'shoes', item: 'boot-1' })
    expect(paramsUpTo(route, 6, params)).toEqual(params)
  })

  it('leaves out an optional catch-all that matched nothing', () => {
    const { route, params } = mustMatch(table, '/shop/shoes/boot-1/reviews')
    expect(params).toEqual({ category: 'shoes', item: 'boot-1' })
    expect('filters' in paramsUpTo(route, 6, params)).toBe(false)
  })

  it('does not leak a static segment whose name equals a param name', () => {
    const t = createRouteTable(['id/[id]/page.tsx'])
    const { route, params } = mustMatch(t, '/id/7')
    expect(paramsUpTo(route, 1, params)).toEqual({})
    expect(paramsUpTo(route, 2, params)).toEqual({ id: '7' })
  })
})

describe('slotAt', () => {
  it('names the @slot folder below a depth, else children', () => {
    const table = createRouteTable(['layout.tsx', 'default.tsx', '@modal/photo/page.tsx'])
    const { chain } = mustMatch(table, '/photo').route
    expect(slotAt(chain, 0)).toBe('modal')
    expect(slotAt(chain, 1)).toBe('children')
    expect(slotAt(chain, 2)).toBe('children')
  })
})

describe('nearestWith', () => {
  const table = createRouteTable(['error.tsx', 'a/b/error.tsx', 'a/b/c/page.tsx'])
  const { chain } = mustMatch(table, '/a/b/c').route

  it('finds the deepest folder at or above a depth with the file', () => {
    expect(nearestWith(chain, 3, 'error')).toBe(2)
    expect(nearestWith(chain, 1, 'error')).toBe(0)
  })

  it('reads a depth past the leaf as the leaf, and gives -1 when no folder has the file', () => {
    expect(nearestWith(chain, 10, 'error')).toBe(2)
    expect(nearestWith(chain, 3, 'loading')).toBe(-1)
  })
})
