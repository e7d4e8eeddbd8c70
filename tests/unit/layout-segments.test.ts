import { expect, test } from 'vitest'
import { segmentsBelow } from '../../src/framework/routing/layout-segments.ts'
import { createRouteTable } from '../../src/framework/routing/route-table.ts'

const table = createRouteTable([
  'layout.tsx',
  'page.tsx',
  '(shop)/products/[id]/page.tsx',
  'docs/[...slug]/page.tsx',
  'tags/[[...tag]]/page.tsx',
])

function below(pathname: string, depth: number): string[] {
  const match = table.match(pathname)
  if (!match) throw new Error(`No route for ${pathname}`)
  return segmentsBelow(match.route.chain, depth, match.params)
}

test('the segments below a level leave route groups out and give dynamic values', () => {
  expect(below('/products/42', 0)).toEqual(['products', '42'])
  expect(below('/products/42', 1)).toEqual(['products', '42']) // the group's own level
  expect(below('/products/42', 2)).toEqual(['42'])
  expect(below('/products/42', 3)).toEqual([])
})

test('a catch-all gives its joined path; an empty optional catch-all gives nothing', () => {
  expect(below('/docs/a/b/c', 0)).toEqual(['docs', 'a/b/c'])
  expect(below('/tags', 0)).toEqual(['tags'])
  expect(below('/tags/x', 0)).toEqual(['tags', 'x'])
  expect(below('/', 0)).toEqual([])
})
