// Parallel and intercepting routes in the route table (docs/routing.md, "Parallel routes" and
// "Intercepting routes"): which page each slot shows for a URL, with and without the client's
// router state, and the build errors for slot and interception conflicts.
import { describe, expect, it } from 'vitest'
import { createRouteTable, RouteConflictError } from '../../src/framework/routing/route-table.ts'
import { onlySlotsChanged } from '../../src/framework/routing/slot-changes.ts'
import type { Branch, RouterState, RouteTable } from '../../src/framework/routing/types.ts'

function conflictOf(files: string[]): RouteConflictError {
  try {
    createRouteTable(files)
  } catch (error) {
    if (error instanceof RouteConflictError) return error
    throw error
  }
  throw new Error(`expected a RouteConflictError for ${files.join(', ')}`)
}

/** What each slot of the layout at `depth` shows: its file, or undefined. */
function slotFiles(branch: Branch, depth: number): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [name, slot] of Object.entries(branch.slots[depth] ?? {})) result[name] = slot.file
  return result
}

describe('parallel routes', () => {
  const table = createRouteTable([
    'layout.tsx',
    'page.tsx',
    'dashboard/layout.tsx',
    'dashboard/page.tsx',
    'dashboard/settings/page.tsx',
    'dashboard/@team/page.tsx',
    'dashboard/@team/settings/page.tsx',
    'dashboard/@team/loading.tsx',
    'dashboard/@team/default.tsx',
    'dashboard/@stats/page.tsx',
    'dashboard/@stats/default.tsx',
    'dashboard/@stats/views/page.tsx',
    'dashboard/default.tsx',
  ])

  it('@slot folders make no URL segment, and each slot matches the URL on its own', () => {
    const match = table.match('/dashboard/settings')!
    expect(match.route.file).toBe('dashboard/settings/page.tsx')
    expect(slotFiles(match.view!.branch, 1)).toEqual({
      team: 'dashboard/@team/settings/page.tsx',
      stats: 'dashboard/@stats/default.tsx',
    })
    expect(table.match('/dashboard/@team')).toBeNull()
  })

  it('a URL only a slot answers shows the children slot’s default.tsx', () => {
    const match = table.match('/dashboard/views')!
    expect(match.route.file).toBe('dashboard/@stats/views/page.tsx')
    expect(slotFiles(match.view!.branch, 1)).toEqual({
      children: 'dashboard/default.tsx',
      team: 'dashboard/@team/default.tsx',
    })
  })

  it('without the client’s state a slot with neither a match nor default.tsx is a 404', () => {
    const noDefault = createRouteTable([
      'layout.tsx',
      'shop/layout.tsx',
      'shop/page.tsx',
      'shop/cart/page.tsx',
      'shop/@side/page.tsx',
    ])
    expect(noDefault.match('/shop')).not.toBeNull()
    expect(noDefault.match('/shop/cart')).toBeNull()
  })

  it('a soft navigation keeps what an unmatched slot showed (the client’s state)', () => {
    const first = table.match('/dashboard/settings')!
    const state: RouterState = { from: '/dashboard/settings', slots: first.view!.state }
    const next = table.match('/dashboard/views', state)!
    expect(slotFiles(next.view!.branch, 1)).toEqual({
      // kept: the children slot showed /dashboard/settings, the team slot its settings page
      children: 'dashboard/settings/page.tsx',
      team: 'dashboard/@team/settings/page.tsx',
    })
    expect(next.view!.stateDependent).toBe(true)
  })

  it('a state that changes nothing leaves the payload shareable', () => {
    const next = table.match('/dashboard/settings', { from: '/dashboard', slots: {} })!
    expect(next.view!.stateDependent).toBe(false)
  })

  it('ignores a state naming routes the slot does not have', () => {
    const state: RouterState = {
      from: '/dashboard',
      slots: { 'dashboard@children': { url: '/nowhere' } },
    }
    const next = table.match('/dashboard/views', state)!
    expect(slotFiles(next.view!.branch, 1).children).toBe('dashboard/default.tsx')
  })

  it('a slot page at a URL the children slot cannot reach fails the build, naming both files', () => {
    const error = conflictOf(['layout.tsx', 'a/layout.tsx', 'a/page.tsx', 'a/@side/extra/page.tsx'])
    expect(error.files).toEqual(['a/@side/extra/page.tsx', 'a/layout.tsx'])
    expect(error.message).toContain('/a/extra')
  })

  it('a slot needs a layout to receive it', () => {
    const error = conflictOf(['layout.tsx', 'a/page.tsx', 'a/@side/page.tsx'])
    expect(error.files[0]).toBe('a/@side/page.tsx')
  })

  it('template and default are route files', () => {
    const withTemplate = createRouteTable(['layout.tsx', 'template.tsx', 'page.tsx'])
    expect(withTemplate.root.files.template).toBe('template.tsx')
    expect(withTemplate.match('/')!.view).toBeUndefined() // no slots: nothing extra to resolve
  })
})

describe('intercepting routes', () => {
  const files = [
    'layout.tsx',
    'page.tsx',
    'notes/layout.tsx',
    'notes/page.tsx',
    'notes/new/page.tsx',
    'notes/[id]/page.tsx',
    'notes/@modal/(sheet)/(.)[id]/page.tsx',
    'notes/@modal/default.tsx',
    'photos/[id]/page.tsx',
    'feed/layout.tsx',
    'feed/page.tsx',
    'feed/@modal/(..)photos/[id]/page.tsx',
    'feed/@modal/default.tsx',
    'a/b/page.tsx',
    'a/b/(...)photos/[id]/page.tsx',
  ]
  const table: RouteTable = createRouteTable(files)
  const from = (url: string): RouterState => {
    const match = table.match(url)!
    return { from: url, slots: match.view?.state ?? {} }
  }

  it('a document (no state) never intercepts', () => {
    const match = table.match('/notes/3')!
    expect(match.route.file).toBe('notes/[id]/page.tsx')
    expect(slotFiles(match.view!.branch, 1)).toEqual({ modal: 'notes/@modal/default.tsx' })
  })

  it('(.) intercepts a sibling route from its level: the modal over the kept list', () => {
    const match = table.match('/notes/3', from('/notes'))!
    expect(match.route.file).toBe('notes/@modal/(sheet)/(.)[id]/page.tsx')
    expect(match.params).toEqual({ id: '3' })
    // groups and slots do not count: (.) is relative to the notes segment
    expect(slotFiles(match.view!.branch, 1)).toEqual({ children: 'notes/page.tsx' })
    expect(match.view!.stateDependent).toBe(true)
  })

  it('intercepts only the route it shadows, never a more specific sibling', () => {
    expect(table.match('/notes/new', from('/notes'))!.route.file).toBe('notes/new/page.tsx')
  })

  it('intercepts only from URLs at or below its level', () => {
    expect(table.match('/notes/3', from('/'))!.route.file).toBe('notes/[id]/page.tsx')
    expect(table.match('/photos/1', from('/notes'))!.route.file).toBe('photos/[id]/page.tsx')
  })

  it('(..) goes one route segment up, (...) from the root', () => {
    expect(table.match('/photos/1', from('/feed'))!.route.file).toBe(
      'feed/@modal/(..)photos/[id]/page.tsx',
    )
    expect(table.match('/photos/1', from('/a/b'))!.route.file).toBe('a/b/(...)photos/[id]/page.tsx')
  })

  it('(..)(..) goes two segments up', () => {
    const deep = createRouteTable([
      'layout.tsx',
      'x/[y]/page.tsx',
      'p/[id]/page.tsx',
      'x/[y]/(..)(..)p/[id]/page.tsx',
    ])
    expect(deep.match('/p/1', { from: '/x/2', slots: {} })!.route.file).toBe(
      'x/[y]/(..)(..)p/[id]/page.tsx',
    )
  })

  it('the page itself again (a refresh, a server function) stays as it was shown', () => {
    const intercepted = table.match('/notes/3', from('/notes'))!
    const shownState: RouterState = { from: '/notes/3', slots: intercepted.view!.state }
    expect(table.match('/notes/3', shownState)!.route.file).toBe(
      'notes/@modal/(sheet)/(.)[id]/page.tsx',
    )
    // The full page (a document load), refreshed: not intercepted, though /notes/3 is below /notes.
    expect(table.match('/notes/3', from('/notes/3'))!.route.file).toBe('notes/[id]/page.tsx')
  })

  it('says what of the state a view depends on', () => {
    expect(table.match('/notes/3')!.view!.reads.sort()).toEqual(['from', 'notes@modal'])
    expect(table.match('/notes')!.view!.reads).toEqual(['notes@modal'])
    expect(table.match('/photos/1', from('/'))!.view!.reads).toEqual(['from'])
    expect(table.match('/')!.view!.reads).toEqual([])
  })

  it('an interceptor is no route of its own', () => {
    expect(table.routes.filter((route) => route.intercept)).toEqual([])
  })

  it('two interceptors of one route from one level fail the build, naming both', () => {
    const error = conflictOf([
      ...files,
      'notes/@drawer/(.)[id]/page.tsx',
      'notes/@drawer/default.tsx',
    ])
    expect(error.files).toEqual([
      'notes/@modal/(sheet)/(.)[id]/page.tsx',
      'notes/@drawer/(.)[id]/page.tsx',
    ])
  })

  it('an interceptor of a URL no page answers fails the build', () => {
    expect(() => createRouteTable(['layout.tsx', 'a/page.tsx', 'a/(.)nothing/page.tsx'])).toThrow(
      /intercepts \/a\/nothing, which no page answers/,
    )
  })

  it('(..) above the root fails the build', () => {
    expect(() => createRouteTable(['layout.tsx', 'a/page.tsx', '(..)(..)a/page.tsx'])).toThrow(
      /above the root/,
    )
  })
})

describe('slots and interceptors with groups and catch-alls', () => {
  it('a group between the folder and its interceptor does not count as a level', () => {
    const table = createRouteTable([
      'layout.tsx',
      'shop/(aisle)/layout.tsx',
      'shop/(aisle)/page.tsx',
      'shop/(aisle)/@peek/default.tsx',
      'shop/(aisle)/@peek/(.)[id]/page.tsx',
      'shop/[id]/page.tsx',
    ])
    const list = table.match('/shop')!
    const match = table.match('/shop/7', { from: '/shop', slots: list.view!.state })!
    expect(match.route.file).toBe('shop/(aisle)/@peek/(.)[id]/page.tsx')
    expect(slotFiles(match.view!.branch, 2)).toEqual({ children: 'shop/(aisle)/page.tsx' })
  })

  it('an interceptor of a catch-all route gets the catch-all’s values', () => {
    const table = createRouteTable([
      'layout.tsx',
      'docs/layout.tsx',
      'docs/page.tsx',
      'docs/[...slug]/page.tsx',
      'docs/@peek/default.tsx',
      'docs/@peek/(.)[...slug]/page.tsx',
    ])
    const list = table.match('/docs')!
    const match = table.match('/docs/a/b', { from: '/docs', slots: list.view!.state })!
    expect(match.route.file).toBe('docs/@peek/(.)[...slug]/page.tsx')
    expect(match.params).toEqual({ slug: ['a', 'b'] })
  })

  it('the children slot’s static page answers the URL; a slot’s dynamic page matches it too', () => {
    const table = createRouteTable([
      'layout.tsx',
      'a/layout.tsx',
      'a/page.tsx',
      'a/x/page.tsx',
      'a/@s/[id]/page.tsx',
      'a/@s/page.tsx',
      'a/default.tsx',
    ])
    const match = table.match('/a/x')!
    expect(match.route.file).toBe('a/x/page.tsx')
    expect(slotFiles(match.view!.branch, 1)).toEqual({ s: 'a/@s/[id]/page.tsx' })
    expect(match.view!.branch.slots[1]!.s!.params).toEqual({ id: 'x' })
    // Only the slot has a page for /a/y: the children slot shows a/default.tsx.
    const other = table.match('/a/y')!
    expect(other.route.file).toBe('a/@s/[id]/page.tsx')
    expect(slotFiles(other.view!.branch, 1)).toEqual({ children: 'a/default.tsx' })
  })

  it('a static page of a slot beats a dynamic page of the children slot (static beats dynamic)', () => {
    const table = createRouteTable([
      'layout.tsx',
      'page.tsx',
      'default.tsx',
      '[lang]/page.tsx',
      '@parallel/default.tsx',
      '@parallel/foo/page.tsx',
    ])
    const match = table.match('/foo')!
    expect(match.route.file).toBe('@parallel/foo/page.tsx')
    // The children slot does not show the dynamic page that lost: its default.tsx, or what it
    // showed before a client navigation.
    expect(slotFiles(match.view!.branch, 0)).toEqual({ children: 'default.tsx' })
    const home = table.match('/')!
    const kept = table.match('/foo', { from: '/', slots: home.view!.state })!
    expect(slotFiles(kept.view!.branch, 0)).toEqual({ children: 'page.tsx' })
    expect(table.match('/en')!.route.file).toBe('[lang]/page.tsx')
  })

  it('a slot’s static page the children slot shows only with a dynamic page fails the build', () => {
    const error = conflictOf([
      'layout.tsx',
      'page.tsx',
      '[lang]/page.tsx',
      '@parallel/foo/page.tsx',
    ])
    expect(error.files).toEqual(['@parallel/foo/page.tsx', 'layout.tsx'])
  })

  it('a catch-all in a slot, with a default.tsx beside the children slot', () => {
    const table = createRouteTable([
      'layout.tsx',
      'a/layout.tsx',
      'a/page.tsx',
      'a/default.tsx',
      'a/@s/page.tsx',
      'a/@s/[...rest]/page.tsx',
    ])
    const match = table.match('/a/q/w')!
    expect(match.route.file).toBe('a/@s/[...rest]/page.tsx')
    expect(match.params).toEqual({ rest: ['q', 'w'] })
    expect(slotFiles(match.view!.branch, 1)).toEqual({ children: 'a/default.tsx' })
  })

  it('two pages for one URL within one slot fail the build', () => {
    const error = conflictOf([
      'layout.tsx',
      'a/layout.tsx',
      'a/page.tsx',
      'a/[x]/page.tsx',
      'a/@s/[id]/page.tsx',
      'a/@s/[slug]/page.tsx',
    ])
    expect(error.files).toEqual(['a/@s/[id]/page.tsx', 'a/@s/[slug]/page.tsx'])
  })
})

describe('navigations that change only slots', () => {
  const table = createRouteTable([
    'layout.tsx',
    'page.tsx',
    'default.tsx',
    'b/page.tsx',
    '@side/default.tsx',
    '@side/only/page.tsx',
  ])
  const stateAt = (url: string, from?: string) => {
    const before = from === undefined ? undefined : table.match(from)!.view!.state
    return table.match(url, before && { from: from!, slots: before })!.view!.state
  }

  it('a URL only a slot answers, from a client navigation, keeps the children slot', () => {
    expect(onlySlotsChanged(stateAt('/'), stateAt('/only', '/'))).toBe(true)
  })

  it('a new page in the children slot, or no state to compare, is a change', () => {
    expect(onlySlotsChanged(stateAt('/'), stateAt('/b', '/'))).toBe(false)
    expect(onlySlotsChanged(stateAt('/only', '/'), stateAt('/', '/only'))).toBe(true)
    expect(onlySlotsChanged(undefined, stateAt('/only', '/'))).toBe(false)
    expect(onlySlotsChanged(stateAt('/'), undefined)).toBe(false)
  })
})
