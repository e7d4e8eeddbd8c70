// The text of the app's generated routes.d.ts (docs/routing.md, "Typed routes"), from its route
// table: Next.js 16's global `PageProps<'/notes/[id]'>`, `LayoutProps<'/notes'>` (with the
// layout's slots) and `RouteContext<'/api/x/[id]'>`, and with `typedRoutes` the paths `<Link>`,
// the router and `redirect()` take. Pure: vite/typed-routes.ts writes it.
import type { Route, RouteDirectory, RouteTable } from './types.ts'

export interface RouteTypesOptions {
  /** Register the app's paths, so that an href no route answers is a type error. */
  typedRoutes: boolean
}

/** A route's name as Next.js writes it: groups and slots dropped, `/notes/[id]`. */
export function routeNameOf(pattern: readonly RouteDirectory[]): string {
  const part = (d: RouteDirectory) => {
    switch (d.type) {
      case 'dynamic':
        return `[${d.name}]`
      case 'catch-all':
        return `[...${d.name}]`
      case 'optional-catch-all':
        return `[[...${d.name}]]`
      default:
        return d.name
    }
  }
  return `/${pattern.map(part).join('/')}`
}

/** The params type of a pattern: `{ "id": string; "slug"?: string[] }`. */
function paramsTypeOf(pattern: readonly RouteDirectory[]): string {
  const fields = pattern.flatMap((d) => {
    const key = JSON.stringify(d.name)
    if (d.type === 'dynamic') return [`${key}: string`]
    if (d.type === 'catch-all') return [`${key}: string[]`]
    if (d.type === 'optional-catch-all') return [`${key}?: string[]`]
    return []
  })
  return fields.length ? `{ ${fields.join('; ')} }` : '{}'
}

/** Text inside a template literal type: `\`, a backtick and `${` escaped. */
const templateText = (text: string) => text.replace(/[\\`]|\$(?=\{)/g, (c) => `\\${c}`)

/** How an href spells a static folder: as a URL carries it, and as written if a link turns that into the same. */
function staticSpellings(d: RouteDirectory): string[] {
  if (d.name === d.encoded) return [d.encoded]
  const asLink = !/[?#]/.test(d.name) && new URL(`/${d.name}`, 'http://localhost').pathname
  return asLink === `/${d.encoded}` ? [d.name, d.encoded] : [d.encoded]
}

/** A segment of an href's template literal type; a param is checked by the generated file's helpers. */
function hrefSegment(d: RouteDirectory): string {
  if (d.type === 'dynamic') return `\${Slug<Href>}`
  if (d.type === 'catch-all' || d.type === 'optional-catch-all') return `\${CatchAll<Href>}`
  const spellings = staticSpellings(d)
  if (spellings.length === 1) return templateText(spellings[0]!)
  return `\${${spellings.map((s) => JSON.stringify(s)).join(' | ')}}`
}

/** The template literal types of the hrefs a route answers: `/notes/\${Slug<Href>}`. */
export function hrefTemplatesOf(pattern: readonly RouteDirectory[]): string[] {
  const template = (segments: readonly RouteDirectory[]) =>
    `\`/${segments.map(hrefSegment).join('/')}\``
  const last = pattern.at(-1)
  // An optional catch-all answers its parent's URL too.
  if (last?.type === 'optional-catch-all')
    return [template(pattern.slice(0, -1)), template(pattern)]
  return [template(pattern)]
}

/** Whether an href template has params: those are checked against the literal href. */
export const isDynamicHref = (template: string) => /\$\{(Slug|CatchAll)<Href>\}/.test(template)

const union = (members: readonly string[]) =>
  members.length ? members.map((m) => `\n  | ${m}`).join('') : ' never'

/** The layouts of a route's chain, each with its URL pattern and slots (`@name` folders). */
function layoutsOf(route: Route): { pattern: RouteDirectory[]; slots: string[] }[] {
  return route.chain.flatMap((d, depth) => {
    const above = route.chain.slice(0, depth + 1)
    // A layout inside an intercepting folder belongs to the route it shows over.
    if (!d.files.layout || above.some((folder) => folder.intercept)) return []
    const pattern = above.filter((folder) => folder.type !== 'group' && folder.type !== 'slot')
    return [{ pattern, slots: d.slots }]
  })
}

const sorted = (values: Iterable<string>) => [...values].sort()
const key = (name: string) => JSON.stringify(name)

/** The generated file's helpers for hrefs with params (`${` escaped: the text is TypeScript's). */
const HREF_HELPERS = `type SearchOrHash = \`?\${string}\` | \`#\${string}\`
type Suffix = '' | SearchOrHash
/** One segment: not empty, no \`/\`, the query or hash left to the suffix. */
type Slug<S extends string> = S extends \`\${string}/\${string}\` | \`\${string}\${SearchOrHash}\` | '' ? never : S
/** One or more segments, the query or hash left to the suffix. */
type CatchAll<S extends string> = S extends \`\${string}\${SearchOrHash}\` | '' ? never : S`

/** Next.js's global helpers, for the routes above. */
const GLOBALS_START = `declare global {
  /** A page's props: \`export default async function Page(props: PageProps<'/notes/[id]'>)\`. */
  interface PageProps<Route extends PageRoutes> {
    params: Promise<ParamMap[Route]>
    searchParams: Promise<Record<string, string | string[] | undefined>>
  }

  /** A layout's props, its slots included: \`LayoutProps<'/notes'>\`. */
  type LayoutProps<Route extends LayoutRoutes> = {
    params: Promise<ParamMap[Route]>
    children: ReactNode
  } & { [Slot in LayoutSlotMap[Route]]: ReactNode }

  /** A route handler's second argument: \`GET(request, context: RouteContext<'/api/x/[id]'>)\`. */
  interface RouteContext<Route extends RouteHandlerRoutes> {
    params: Promise<ParamMap[Route]>
  }`

/**
 * The app's hrefs, registered for routing/typed-hrefs.ts: `href` checks the literal a call site
 * passes (each param one segment, a catch-all's one or more); `route` takes any string for a param.
 */
const HREF_REGISTRY = `
  interface FrameworkRouteTypes<Href extends string> {
    href:
      | StaticHrefs
      | \`\${StaticHrefs}\${SearchOrHash}\`
      | SearchOrHash
      | \`\${string}:\${string}\`
      | (Href extends \`\${DynamicHrefs<infer _>}\${Suffix}\` ? Href : never)
    route:
      | StaticHrefs
      | \`\${StaticHrefs}\${SearchOrHash}\`
      | SearchOrHash
      | \`\${string}:\${string}\`
      | \`\${DynamicHrefs<string>}\${Suffix}\`
  }`

/** The generated routes.d.ts for `table`. */
export function routeTypesFile(table: RouteTable, options: RouteTypesOptions): string {
  const params = new Map<string, string>()
  const pages = new Set<string>()
  const handlers = new Set<string>()
  const layouts = new Map<string, Set<string>>()
  const hrefs = new Set<string>()
  for (const route of table.routes) {
    const name = routeNameOf(route.pattern)
    params.set(name, paramsTypeOf(route.pattern))
    ;(route.type === 'page' ? pages : handlers).add(name)
    for (const template of hrefTemplatesOf(route.pattern)) hrefs.add(template)
    for (const layout of layoutsOf(route)) {
      const layoutName = routeNameOf(layout.pattern)
      params.set(layoutName, paramsTypeOf(layout.pattern))
      const slots = layouts.get(layoutName) ?? new Set<string>()
      for (const slot of layout.slots) slots.add(slot)
      layouts.set(layoutName, slots)
    }
  }
  const paramMap = sorted(params.keys()).map((name) => `  ${key(name)}: ${params.get(name)}`)
  const slotMap = sorted(layouts.keys()).map((name) => {
    const slots = sorted(layouts.get(name)!).map(key)
    return `  ${key(name)}: ${slots.length ? slots.join(' | ') : 'never'}`
  })
  const lines = [
    '// Generated from the routes folder by the framework (npm run dev, npm run build, npm run',
    '// typecheck): do not edit. docs/routing.md, "Typed routes".',
    "import type { ReactNode } from 'react'",
    '',
    `type PageRoutes =${union(sorted(pages).map(key))}`,
    `type LayoutRoutes =${union(sorted(layouts.keys()).map(key))}`,
    `type RouteHandlerRoutes =${union(sorted(handlers).map(key))}`,
    '',
    'interface ParamMap {',
    ...paramMap,
    '}',
    '',
    'interface LayoutSlotMap {',
    ...slotMap,
    '}',
    '',
  ]
  const typed = options.typedRoutes && hrefs.size > 0
  if (typed) {
    const all = sorted(hrefs)
    lines.push(
      HREF_HELPERS,
      `type StaticHrefs =${union(all.filter((t) => !isDynamicHref(t)))}`,
      `type DynamicHrefs<Href extends string> =${union(all.filter(isDynamicHref))}`,
      '',
    )
  }
  lines.push(GLOBALS_START, ...(typed ? [HREF_REGISTRY] : []), '}', '')
  return lines.join('\n')
}
