// The generated routes.d.ts (routing/route-types-file.ts): Next.js's PageProps, LayoutProps and
// RouteContext keys and params, and with typedRoutes the hrefs each route answers, for any
// spelling of its folders.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { classifyFolder } from '../../src/framework/routing/folder-names.ts'
import { createRouteTable } from '../../src/framework/routing/route-table.ts'
import {
  hrefTemplatesOf,
  routeNameOf,
  routeTypesFile,
} from '../../src/framework/routing/route-types-file.ts'
import { TYPED_ROUTES_APP } from './support/typed-routes-app.ts'

/** The members of a `type Name =` union or the lines of an `interface Name {` in the text. */
function block(text: string, start: string): string {
  const from = text.indexOf(start)
  if (from === -1) throw new Error(`no ${start} in the file`)
  const end = text.indexOf(start.endsWith('{') ? '\n}' : '\n\n', from)
  return text.slice(from, end === -1 ? undefined : end)
}

/** Checks that the block starting with `start` has each of `lines`. */
function expectLines(text: string, start: string, lines: string[]): void {
  const found = block(text, start)
  for (const line of lines) expect(found).toContain(line)
}

describe('PageProps, LayoutProps and RouteContext', () => {
  const text = routeTypesFile(createRouteTable(TYPED_ROUTES_APP), { typedRoutes: false })

  it('names pages as Next.js does: groups, slots and intercepting folders left out', () => {
    const pages = block(text, 'type PageRoutes =')
    for (const name of ['/', '/about', '/notes', '/notes/[id]', '/docs/[...slug]']) {
      expect(pages).toContain(`| ${JSON.stringify(name)}\n`)
    }
    expect(pages).toContain('| "/tags/[[...tag]]"')
    expect(pages).toContain('| "/dash/settings"')
    expect(pages).not.toMatch(/\(site\)|@modal|\(\.\)|@team/)
    // The dialog's page and the full page are one route name.
    expect(pages.match(/"\/notes\/\[id\]"/g)).toHaveLength(1)
  })

  it('types each route’s params: a segment a string, a catch-all a list, optional when it may be absent', () => {
    expectLines(text, 'interface ParamMap {', [
      '"/": {}',
      '"/notes/[id]": { "id": string }',
      '"/docs/[...slug]": { "slug": string[] }',
      '"/tags/[[...tag]]": { "tag"?: string[] }',
      '"/api/x/[id]": { "id": string }',
    ])
  })

  it('gives each layout its slots, and route handlers their own names', () => {
    expect(text).toContain(
      'type LayoutRoutes =\n  | "/"\n  | "/dash"\n  | "/notes"\ntype RouteHandlerRoutes =\n  | "/api/x/[id]"\n',
    )
    expectLines(text, 'interface LayoutSlotMap {', [
      '"/notes": "modal"',
      '"/dash": "team"',
      '"/": never',
    ])
    expectLines(text, 'declare global {', [
      'interface PageProps<Route extends PageRoutes>',
      'type LayoutProps<Route extends LayoutRoutes>',
      'interface RouteContext<Route extends RouteHandlerRoutes>',
    ])
  })

  it('registers no hrefs without typedRoutes: every string stays an href', () => {
    expect(text).not.toContain('FrameworkRouteTypes')
  })
})

describe('typed hrefs', () => {
  const text = routeTypesFile(createRouteTable(TYPED_ROUTES_APP), { typedRoutes: true })

  it('lists static paths as literals and params as template literal types', () => {
    const statics = block(text, 'type StaticHrefs =')
    for (const path of ['/', '/about', '/notes', '/dash/settings']) {
      expect(statics).toContain(`| \`${path}\`\n`)
    }
    // An optional catch-all answers its parent's URL too.
    expect(statics).toContain('| `/tags`')
    expectLines(text, 'type DynamicHrefs<Href extends string> =', [
      `| \`/notes/\${Slug<Href>}\``,
      `| \`/docs/\${CatchAll<Href>}\``,
      `| \`/tags/\${CatchAll<Href>}\``,
      `| \`/api/x/\${Slug<Href>}\``,
    ])
    expect(text).toContain('interface FrameworkRouteTypes<Href extends string>')
  })

  it('writes the same text for the same routes, whatever their order', () => {
    const reversed = routeTypesFile(createRouteTable([...TYPED_ROUTES_APP].reverse()), {
      typedRoutes: true,
    })
    expect(reversed).toBe(text)
  })
})

/**
 * An href template as a regular expression: its text unescaped, a `Slug` one segment, a
 * `CatchAll` one or more, a union of spellings any of them.
 */
function templateRegExp(template: string): RegExp {
  expect(template.startsWith('`') && template.endsWith('`')).toBe(true)
  const body = template.slice(1, -1)
  let source = ''
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!
    if (c === '\\') {
      source += escapeRegExp(body[++i]!)
    } else if (c === '$' && body[i + 1] === '{') {
      // The hole ends at the first `}` outside its JSON strings (a folder may be named `}`).
      let end = i + 2
      for (let inString = false; end < body.length; end++) {
        const d = body[end]
        if (inString) {
          if (d === '\\') end++
          else if (d === '"') inString = false
        } else if (d === '"') inString = true
        else if (d === '}') break
      }
      const hole = body.slice(i + 2, end)
      if (hole === 'Slug<Href>') source += '[^/?#]+'
      else if (hole === 'CatchAll<Href>') source += '[^?#]+'
      else
        source += `(?:${hole
          .split(' | ')
          .map((s) => escapeRegExp(JSON.parse(s)))
          .join('|')})`
      i = end
    } else {
      expect(c).not.toBe('`')
      source += escapeRegExp(c)
    }
  }
  return new RegExp(`^${source}$`)
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')

/** A static folder name: anything a folder may be called that makes one URL segment. */
const staticFolder = fc.string({ minLength: 1, maxLength: 8, unit: 'grapheme' }).filter((name) => {
  if (name.includes('/') || name === '.' || name === '..') return false
  const folder = classifyFolder(name)
  return (
    folder.type === 'static' &&
    !folder.intercept &&
    folder.encoded !== '' &&
    !folder.encoded.includes('/') &&
    !/^\.+$/.test(folder.encoded) &&
    !/%2e/i.test(folder.encoded)
  )
})

const paramName = fc.stringMatching(/^[a-z][a-zA-Z0-9_]{0,5}$/)

/** One folder of a route's path, as written, with the URL segment a sample URL gives it. */
const folder = fc.oneof(
  staticFolder.map((name) => ({ name, segments: [classifyFolder(name).encoded], params: 0 })),
  paramName.map((name) => ({ name: `[${name}]`, segments: ['v'], params: 1 })),
  fc.constantFrom('(group)', '(a b)').map((name) => ({ name, segments: [], params: 0 })),
)
const last = fc.oneof(
  folder,
  paramName.map((name) => ({ name: `[...${name}]`, segments: ['a', 'b'], params: 1 })),
  paramName.map((name) => ({ name: `[[...${name}]]`, segments: [], params: 1 })),
)

describe('any spelling of a route’s folders', () => {
  const routes = fc
    .tuple(fc.array(folder, { maxLength: 3 }), last)
    .map(([folders, leaf]) => [...folders, leaf])
    // Two params of one name are a build error, not a route.
    .filter((folders) => {
      const names = folders.filter((f) => f.params).map((f) => f.name.replace(/[[\].]/g, ''))
      return new Set(names).size === names.length
    })

  it('gives a route name and href templates that the text carries verbatim and its URLs match', () => {
    fc.assert(
      fc.property(routes, (folders) => {
        const file = `${folders.map((f) => f.name).join('/')}/page.tsx`
        const table = createRouteTable([file])
        const route = table.routes[0]!
        const url = `/${folders.flatMap((f) => f.segments).join('/')}`
        expect(table.match(url)?.route).toBe(route)

        const text = routeTypesFile(table, { typedRoutes: true })
        const name = routeNameOf(route.pattern)
        expect(text).toContain(`| ${JSON.stringify(name)}\n`)
        const templates = hrefTemplatesOf(route.pattern)
        for (const template of templates) expect(text).toContain(`| ${template}`)
        const matching = templates.filter((t) => templateRegExp(t).test(url))
        expect(matching.length).toBeGreaterThan(0)
        // No template takes a segment more than the route does.
        const leaf = folders.at(-1)!.name
        if (!leaf.startsWith('[...') && !leaf.startsWith('[[...')) {
          for (const t of templates) expect(templateRegExp(t).test(`${url}/extra`)).toBe(false)
        }
      }),
      { numRuns: 300 },
    )
  })
})
