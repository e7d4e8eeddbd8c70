// The route table: built once from the file paths under src/routes, pure (no I/O), so the same
// code validates at build time (vite-plugin.ts), serves at run time (routing/route-modules.ts) and is unit-tested.

/** File names that make routes; every other file under src/routes is an ordinary module. */
export const SEGMENT_FILES = [
  'page',
  'layout',
  'loading',
  'error',
  'not-found',
  'unauthorized',
  'forbidden',
  'global-error',
  'route',
] as const
export type SegmentFileRole = (typeof SEGMENT_FILES)[number]

const SOURCE_EXTENSION = /\.(tsx|ts|jsx|js)$/

export type Params = Record<string, string | string[]>

/** What a folder's name makes of its URL segment. */
type SegmentType = 'static' | 'dynamic' | 'catch-all' | 'optional-catch-all' | 'group'

/** One folder of src/routes: its conventional files, keyed by their role, as file paths. */
export interface RouteDirectory {
  /** Folder path relative to src/routes, '' for the root. */
  dir: string
  type: SegmentType
  /** Literal name for static segments, parameter name for dynamic ones. */
  name: string
  /**
   * A static segment's name as a URL path carries it (what `new URL()` makes of it: `a b` →
   * `a%20b`); the name itself for other types.
   */
  encoded: string
  files: Partial<Record<SegmentFileRole, string>>
}

/** A URL-addressable leaf: a folder with a `page` or a `route` file. */
export interface Route {
  /** Folders from the root to the leaf; layouts and boundaries are read from these. */
  chain: RouteDirectory[]
  /** The URL-producing folders of the chain (groups removed). */
  pattern: RouteDirectory[]
  /** The leaf's page or route file. */
  file: string
  type: 'page' | 'handler'
}

export interface RouteMatch {
  route: Route
  params: Params
}

export interface RouteTable {
  routes: Route[]
  root: RouteDirectory
  match(pathname: string): RouteMatch | null
}

export class RouteConflictError extends Error {
  constructor(
    readonly url: string,
    readonly files: [string, string],
  ) {
    super(
      `Two routes resolve to the same URL ${url}: ${files[0]} and ${files[1]}. ` +
        'Remove or rename one of them.',
    )
    this.name = 'RouteConflictError'
  }
}

/** How a URL path carries a folder name: the pathname setter percent-encodes as links do. */
function encodeSegment(name: string): string {
  const url = new URL('http://localhost/')
  url.pathname = `/${name}`
  return url.pathname.slice(1)
}

function classify(folder: string): Pick<RouteDirectory, 'type' | 'name' | 'encoded'> {
  const named = (type: SegmentType, name: string) => ({ type, name, encoded: name })
  let m = /^\[\[\.\.\.([^\]]+)\]\]$/.exec(folder)
  if (m) return named('optional-catch-all', m[1]!)
  m = /^\[\.\.\.([^\]]+)\]$/.exec(folder)
  if (m) return named('catch-all', m[1]!)
  m = /^\[([^\]]+)\]$/.exec(folder)
  if (m) return named('dynamic', m[1]!)
  if (/^\(.+\)$/.test(folder)) return named('group', folder)
  return { type: 'static', name: folder, encoded: encodeSegment(folder) }
}

/** Static beats dynamic beats catch-all beats optional catch-all, segment by segment. */
const RANK: Record<SegmentType, number> = {
  static: 0,
  dynamic: 1,
  'catch-all': 2,
  'optional-catch-all': 3,
  group: -1,
}

function compareRoutes(a: Route, b: Route): number {
  const length = Math.max(a.pattern.length, b.pattern.length)
  for (let i = 0; i < length; i++) {
    const x = a.pattern[i]
    const y = b.pattern[i]
    // A shorter pattern that ran out first is more specific than a longer catch-all prefix.
    if (!x) return -1
    if (!y) return 1
    const diff = RANK[x.type] - RANK[y.type]
    if (diff !== 0) return diff
  }
  return 0
}

/** The URL shapes a route answers, for conflict detection: `[id]` and `[slug]` are one shape. */
function shapesOf(route: Route): string[] {
  const parts = route.pattern.map((d) =>
    d.type === 'static' ? d.name : d.type === 'dynamic' ? '[]' : '[...]',
  )
  const last = route.pattern.at(-1)
  const shapes = [`/${parts.join('/')}`]
  // An optional catch-all also answers its parent URL.
  if (last?.type === 'optional-catch-all') shapes.push(`/${parts.slice(0, -1).join('/')}`)
  return shapes
}

/**
 * @param files paths relative to src/routes, with forward slashes (`notes/[id]/page.tsx`).
 * @throws RouteConflictError when two routes resolve to the same URL.
 */
export function createRouteTable(files: readonly string[]): RouteTable {
  const directories = new Map<string, RouteDirectory>()
  const directoryOf = (dir: string): RouteDirectory => {
    let entry = directories.get(dir)
    if (!entry) {
      const folder = dir.split('/').at(-1) ?? ''
      const segment =
        dir === '' ? { type: 'group' as const, name: '', encoded: '' } : classify(folder)
      entry = { dir, ...segment, files: {} }
      directories.set(dir, entry)
    }
    return entry
  }
  directoryOf('')

  for (const file of files) {
    const slash = file.lastIndexOf('/')
    const dir = slash === -1 ? '' : file.slice(0, slash)
    const base = file.slice(slash + 1).replace(SOURCE_EXTENSION, '')
    if (base === file.slice(slash + 1)) continue
    if (!(SEGMENT_FILES as readonly string[]).includes(base)) continue
    const entry = directoryOf(dir)
    const role = base as SegmentFileRole
    const existing = entry.files[role]
    if (existing) throw new RouteConflictError(`/${dir}`, [existing, file])
    entry.files[role] = file
  }

  const routes: Route[] = []
  for (const entry of directories.values()) {
    const { page, route: handler } = entry.files
    if (page && handler) throw new RouteConflictError(`/${entry.dir}`, [page, handler])
    const file = page ?? handler
    if (!file) continue
    const chain: RouteDirectory[] = []
    let dir = entry.dir
    for (;;) {
      chain.unshift(directoryOf(dir))
      if (dir === '') break
      dir = dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : ''
    }
    const pattern = chain.filter((d) => d.type !== 'group')
    const catchAll = pattern.findIndex(
      (d) => d.type === 'catch-all' || d.type === 'optional-catch-all',
    )
    if (catchAll !== -1 && catchAll < pattern.length - 1) {
      throw new Error(
        `${file}: a catch-all folder (${pattern[catchAll]!.dir}) takes the rest of the URL, so nothing can be nested under it.`,
      )
    }
    routes.push({ chain, pattern, file, type: page ? 'page' : 'handler' })
  }

  const byShape = new Map<string, Route>()
  for (const route of routes) {
    for (const shape of shapesOf(route)) {
      const other = byShape.get(shape)
      if (other) throw new RouteConflictError(shape, [other.file, route.file])
      byShape.set(shape, route)
    }
  }

  routes.sort(compareRoutes)
  return { routes, root: directoryOf(''), match: (pathname) => matchRoute(routes, pathname) }
}

function matchRoute(routes: Route[], pathname: string): RouteMatch | null {
  // Segments stay as sent: a static folder matches only its canonical encoding, and only what
  // becomes a param value is decoded (docs/routing.md, "Percent-encoding").
  const segments = pathname.split('/').filter(Boolean)
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments)
    if (params) return { route, params }
  }
  return null
}

/** A segment as a param value; null for malformed percent-encoding, which matches nothing. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

function matchPattern(pattern: RouteDirectory[], segments: string[]): Params | null {
  const params: Params = {}
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!
    const segment = segments[i]
    switch (part.type) {
      case 'static':
        if (segment !== part.encoded) return null
        break
      case 'dynamic': {
        const value = segment === undefined ? null : decodeSegment(segment)
        if (value === null) return null
        params[part.name] = value
        break
      }
      case 'catch-all':
      case 'optional-catch-all': {
        const rest = segments.slice(i).map(decodeSegment)
        if (rest.length === 0 && part.type === 'catch-all') return null
        if (rest.some((value) => value === null)) return null
        if (rest.length > 0) params[part.name] = rest as string[]
        return params
      }
    }
  }
  return segments.length === pattern.length ? params : null
}

/** The params a folder of the chain can see: those of its own and its ancestors' segments. */
export function paramsUpTo(route: Route, depth: number, params: Params): Params {
  const visible: Params = {}
  for (const dir of route.chain.slice(0, depth + 1)) {
    const value = params[dir.name]
    if (dir.type !== 'static' && dir.type !== 'group' && value !== undefined) {
      visible[dir.name] = value
    }
  }
  return visible
}

/** The deepest folder at or above `depth` in `chain` that has a file in `role`, or -1. */
export function nearestWith(chain: RouteDirectory[], depth: number, role: SegmentFileRole): number {
  for (let at = Math.min(depth, chain.length - 1); at >= 0; at--) {
    if (chain[at]!.files[role]) return at
  }
  return -1
}
