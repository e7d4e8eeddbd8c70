// The route table: built once from the file paths under src/routes, pure (no I/O), so the same
// code validates at build time (vite-plugin.ts), serves at run time (server/core-state.ts) and
// is unit-tested.

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
  'default',
  'template',
] as const
export type SegmentFileRole = (typeof SEGMENT_FILES)[number]

const SOURCE_EXTENSION = /\.(tsx|ts|jsx|js)$/

export type Params = Record<string, string | string[]>

/**
 * What a folder's name makes of its URL segment. A `slot` (`@name`) makes none, like a group: it
 * is a parallel route, passed to the layout of its parent folder as the prop `name`.
 */
type SegmentType = 'static' | 'dynamic' | 'catch-all' | 'optional-catch-all' | 'group' | 'slot'

/** An intercepting folder's marker: how many route segments up its target starts from. */
export type InterceptMarker = '(.)' | '(..)' | '(..)(..)' | '(...)'
const INTERCEPT_MARKER = /^(\(\.\)|\(\.\.\)\(\.\.\)|\(\.\.\)|\(\.\.\.\))(.+)$/

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
  /** The `@name` sub-folders' names (the slots besides `children` its layout receives). */
  slots: string[]
  /** Set on an intercepting folder (`(.)[id]`): its marker; `type` and `name` are the rest's. */
  intercept?: InterceptMarker
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
  /**
   * An intercepting route (a page below an `(.)` / `(..)` / `(..)(..)` / `(...)` folder): shown
   * instead of `target` on a client navigation from a URL `source` matches (at or below it).
   */
  intercept?: { source: RouteDirectory[]; target: Route }
}

/**
 * What one slot of a layout shows: a page (its route's folders from the root) or the slot's
 * `default.tsx` (`chain` then ends at the folder holding it, `file` is the default).
 */
export interface Branch {
  chain: RouteDirectory[]
  file: string
  kind: 'page' | 'default'
  params: Params
  /** The URL (pathname) this branch's page was matched from. */
  url: string
  /** The other slots of each layout of `chain` that has `@slot` folders, by chain depth and name. */
  slots: Record<number, Record<string, Branch>>
}

/** What one slot showed, as the client sends it back: the URL it was matched from. */
export interface SlotState {
  url: string
  intercepted?: boolean
}

/**
 * The client's router state (docs/protocol.md, "Router state"): the URL it is on and, for each
 * slot of a layout with `@slot` folders, what it shows, keyed `<folder>@<slot>`.
 */
export interface RouterState {
  from: string
  slots: Record<string, SlotState>
}

/** Set on matches in an app with slots or interceptors: what every slot shows. */
export interface View {
  branch: Branch
  /** Something came from the client's state (an interception, a kept slot): not shareable. */
  stateDependent: boolean
  /** The state the client sends back on its next navigation. */
  state: Record<string, SlotState>
  /**
   * What of a router state this URL's view depends on: the slots (`<folder>@<slot>`) the URL
   * does not match, and `from` when the route has interceptors. A payload fetched with one state
   * is the right one for another that agrees on these (client/payload-cache.ts).
   */
  reads: string[]
}

export interface RouteMatch {
  route: Route
  params: Params
  view?: View
}

export interface RouteTable {
  routes: Route[]
  root: RouteDirectory
  /** Whether any folder is a slot or an interceptor: only then do matches carry a view. */
  hasSlots: boolean
  /**
   * The route for a URL. `state` (a client navigation's) lets interceptors apply and keeps what
   * unmatched slots showed; without it (a document) neither happens.
   */
  match(pathname: string, state?: RouterState | null): RouteMatch | null
}

export class RouteConflictError extends Error {
  constructor(
    readonly url: string,
    readonly files: [string, string],
    message?: string,
  ) {
    super(
      message ??
        `Two routes resolve to the same URL ${url}: ${files[0]} and ${files[1]}. ` +
          'Remove or rename one of them.',
    )
    this.name = 'RouteConflictError'
  }
}

/** How a URL path carries a folder name: the pathname setter percent-encodes as links do. */
export function encodeSegment(name: string): string {
  const url = new URL('http://localhost/')
  url.pathname = `/${name}`
  return url.pathname.slice(1)
}

function classify(folder: string): Pick<RouteDirectory, 'type' | 'name' | 'encoded' | 'intercept'> {
  const named = (type: SegmentType, name: string) => ({ type, name, encoded: name })
  const marked = INTERCEPT_MARKER.exec(folder)
  if (marked) return { ...classify(marked[2]!), intercept: marked[1] as InterceptMarker }
  if (/^@[^/]+$/.test(folder)) return named('slot', folder.slice(1))
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
  slot: -1,
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

/** Groups and slots make no URL segment. */
const isUrlSegment = (d: RouteDirectory): boolean => d.type !== 'group' && d.type !== 'slot'

/** The slot `chain` goes into below its folder at `depth`: an `@name` folder's, else `children`. */
export function slotAt(chain: readonly RouteDirectory[], depth: number): string {
  const next = chain[depth + 1]
  return next?.type === 'slot' ? next.name : 'children'
}

const CHILDREN_SLOT = 'children'
const slotKey = (dir: RouteDirectory, slot: string) => `${dir.dir}@${slot}`

/** A URL path a pattern matches, for build-time checks: `%00` stands for any param value. */
function sampleOf(pattern: readonly RouteDirectory[]): string {
  return `/${pattern.map((d) => (d.type === 'static' ? d.encoded : '%00')).join('/')}`
}

/** A pattern as people read it: `/notes/[id]`. */
function describe(pattern: readonly RouteDirectory[]): string {
  const part = (d: RouteDirectory) =>
    d.type === 'static' ? d.name : d.type === 'dynamic' ? `[${d.name}]` : `[...${d.name}]`
  return `/${pattern.map(part).join('/')}`
}

const MARKER_LEVELS: Record<InterceptMarker, number> = {
  '(.)': 0,
  '(..)': 1,
  '(..)(..)': 2,
  '(...)': Number.POSITIVE_INFINITY,
}

/** An interceptor's URL: the marker counts route segments up from the folder holding it. */
function interceptorPattern(file: string, chain: RouteDirectory[], marked: number) {
  const source = chain.slice(0, marked).filter(isUrlSegment)
  const marker = chain[marked]!.intercept!
  const up = Math.min(MARKER_LEVELS[marker], source.length)
  if (MARKER_LEVELS[marker] > source.length && marker !== '(...)') {
    throw new Error(
      `${file}: ${marker} goes above the root (route segments above: ${source.length}).`,
    )
  }
  const target = [
    ...source.slice(0, source.length - up),
    ...chain.slice(marked).filter(isUrlSegment),
  ]
  return { source, target }
}

/** Where a route enters its first `@slot`: the depth of the folder whose layout receives it. */
function firstSlotDepth(chain: readonly RouteDirectory[]): number {
  return chain.findIndex((_, depth) => slotAt(chain, depth) !== CHILDREN_SLOT)
}

/**
 * @param files paths relative to src/routes, with forward slashes (`notes/[id]/page.tsx`).
 * @throws RouteConflictError when two routes resolve to the same URL, a slot's page has a URL
 * the children slot cannot show, or two interceptors take one route from one level.
 */
export function createRouteTable(files: readonly string[]): RouteTable {
  const directories = new Map<string, RouteDirectory>()
  const parentOf = (dir: string) => (dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '')
  const directoryOf = (dir: string): RouteDirectory => {
    let entry = directories.get(dir)
    if (!entry) {
      const folder = dir.split('/').at(-1) ?? ''
      const segment =
        dir === '' ? { type: 'group' as const, name: '', encoded: '' } : classify(folder)
      entry = { dir, ...segment, files: {}, slots: [] }
      directories.set(dir, entry)
      if (entry.type === 'slot') {
        const parent = directoryOf(parentOf(dir))
        if (!parent.slots.includes(entry.name)) parent.slots.push(entry.name)
      }
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
  const interceptors: Route[] = []
  for (const entry of [...directories.values()]) {
    const { page, route: handler } = entry.files
    if (page && handler) throw new RouteConflictError(`/${entry.dir}`, [page, handler])
    const file = page ?? handler
    if (!file) continue
    const chain: RouteDirectory[] = []
    let dir = entry.dir
    for (;;) {
      chain.unshift(directoryOf(dir))
      if (dir === '') break
      dir = parentOf(dir)
    }
    const marked = chain.findLastIndex((d) => d.intercept !== undefined)
    const intercepting = marked === -1 ? null : interceptorPattern(file, chain, marked)
    const pattern = intercepting?.target ?? chain.filter(isUrlSegment)
    const catchAll = pattern.findIndex(
      (d) => d.type === 'catch-all' || d.type === 'optional-catch-all',
    )
    if (catchAll !== -1 && catchAll < pattern.length - 1) {
      throw new Error(
        `${file}: a catch-all folder (${pattern[catchAll]!.dir}) takes the rest of the URL, so nothing can be nested under it.`,
      )
    }
    const inSlot = firstSlotDepth(chain) !== -1
    if (handler && (inSlot || intercepting)) {
      throw new Error(`${file}: a route handler cannot be in a @slot or an intercepting folder.`)
    }
    const route: Route = { chain, pattern, file, type: page ? 'page' : 'handler' }
    if (intercepting) {
      // The target is filled in below, once every route is known.
      route.intercept = { source: intercepting.source, target: route }
      interceptors.push(route)
    } else routes.push(route)
  }

  // One route per URL within each slot: a slot's pages share URLs with the children slot's.
  const byShape = new Map<string, Route>()
  for (const route of routes) {
    const slotPath = route.chain
      .map((d, depth) => (d.type === 'slot' ? `${route.chain[depth - 1]!.dir}@${d.name}` : ''))
      .join('')
    for (const shape of shapesOf(route)) {
      const key = `${slotPath} ${shape}`
      const other = byShape.get(key)
      if (other) throw new RouteConflictError(shape, [other.file, route.file])
      byShape.set(key, route)
    }
  }

  routes.sort(compareRoutes)
  const childrenRoutes = routes.filter((route) => firstSlotDepth(route.chain) === -1)
  const slotRoutes = routes.filter((route) => firstSlotDepth(route.chain) !== -1)

  // A slot's page makes its URL answer only if the children slot beside it can show something.
  for (const route of slotRoutes) {
    const depth = firstSlotDepth(route.chain)
    const owner = route.chain[depth]!
    const slot = route.chain[depth + 1]!
    if (!owner.files.layout) {
      throw new RouteConflictError(
        `/${owner.dir}`,
        [route.file, `${owner.dir}/layout`],
        `${route.file} is in the slot @${slot.name} of ${owner.dir || 'the root'}/, which has no layout.tsx to receive it.`,
      )
    }
    const sample = sampleOf(route.pattern)
    const reachable = routes.some(
      (other) =>
        other.chain[depth] === owner &&
        slotAt(other.chain, depth) === CHILDREN_SLOT &&
        matchPattern(other.pattern, segmentsOf(sample)) !== null,
    )
    if (!reachable && !owner.files.default) {
      throw new RouteConflictError(
        describe(route.pattern),
        [route.file, owner.files.layout],
        `${route.file} answers ${describe(route.pattern)} in the slot @${slot.name} of ${owner.files.layout}, whose children slot has no page there and no default.tsx. Add a page for that URL or ${owner.dir ? `${owner.dir}/` : ''}default.tsx.`,
      )
    }
  }

  // Each interceptor shadows the route its URL matches; one per route and source level.
  const interceptorsOf = new Map<Route, Route[]>()
  const bySource = new Map<string, Route>()
  for (const interceptor of interceptors) {
    const intercept = interceptor.intercept!
    const target = matchRoute(childrenRoutes, sampleOf(interceptor.pattern))?.route
    if (target?.type !== 'page') {
      throw new Error(
        `${interceptor.file} intercepts ${describe(interceptor.pattern)}, which no page answers.`,
      )
    }
    intercept.target = target
    const key = `${target.file} ${describe(intercept.source).replace(/\[[^\]]*\]/g, '[]')}`
    const other = bySource.get(key)
    if (other) {
      throw new RouteConflictError(
        describe(interceptor.pattern),
        [other.file, interceptor.file],
        `Two routes intercept ${describe(interceptor.pattern)} from ${describe(intercept.source)}: ${other.file} and ${interceptor.file}. Remove one of them.`,
      )
    }
    bySource.set(key, interceptor)
    interceptorsOf.set(target, [...(interceptorsOf.get(target) ?? []), interceptor])
  }
  // The deepest source first: the interceptor nearest the client's URL wins.
  for (const list of interceptorsOf.values()) {
    list.sort((a, b) => b.intercept!.source.length - a.intercept!.source.length)
  }

  // Every route (interceptors too) by the layout and slot it passes through.
  const bySlot = new Map<string, Route[]>()
  for (const route of [...routes, ...interceptors]) {
    route.chain.forEach((dir, depth) => {
      if (dir.slots.length === 0) return
      const key = slotKey(dir, slotAt(route.chain, depth))
      bySlot.set(key, [...(bySlot.get(key) ?? []), route])
    })
  }

  const hasSlots = interceptors.length > 0 || [...directories.values()].some((d) => d.slots.length)
  const index: SlotIndex = { directories, bySlot, interceptorsOf }
  return {
    routes,
    root: directoryOf(''),
    hasSlots,
    match: (pathname, state) => {
      const match = matchRoute(childrenRoutes, pathname) ?? matchRoute(slotRoutes, pathname)
      if (!match || !hasSlots || match.route.type !== 'page') return match
      return resolveView(index, match, pathname, state ?? null)
    },
  }
}

interface SlotIndex {
  directories: Map<string, RouteDirectory>
  bySlot: Map<string, Route[]>
  interceptorsOf: Map<Route, Route[]>
}

/** What one resolution gathers as it goes down the slots. */
interface Resolution {
  index: SlotIndex
  routerState: RouterState | null
  state: Record<string, SlotState>
  stateDependent: boolean
  reads: Set<string>
}

/** The `reads` entry for the client's URL (slot entries all contain `@`). */
export const FROM_READ = 'from'

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean)
}

/** Whether `pattern` matches the start of `pathname` (the URL is at or below it). */
function matchesPrefix(pattern: readonly RouteDirectory[], pathname: string): boolean {
  const segments = segmentsOf(pathname)
  if (segments.length < pattern.length) return false
  return matchPattern(pattern, segments.slice(0, pattern.length)) !== null
}

/**
 * The view of `match` (docs/routing.md, "Parallel routes"): with the client's state, an
 * interceptor of the matched route may take its place, and slots the URL does not match keep
 * what they showed; every other slot shows its match, else its default.tsx, else the URL is a
 * 404 (null).
 */
function resolveView(
  index: SlotIndex,
  match: RouteMatch,
  pathname: string,
  routerState: RouterState | null,
): RouteMatch | null {
  const interceptors = index.interceptorsOf.get(match.route) ?? []
  const attempt = (route: Route, params: Params, interceptedBelow: number) => {
    const reads = new Set<string>(interceptors.length > 0 ? [FROM_READ] : [])
    const resolution: Resolution = { index, routerState, state: {}, stateDependent: false, reads }
    const branch = resolveBranch(resolution, route, params, pathname, -1, interceptedBelow)
    if (!branch) return null
    const { state, stateDependent } = resolution
    const dependent = stateDependent || interceptedBelow !== Infinity
    return { route, params, view: { branch, state, stateDependent: dependent, reads: [...reads] } }
  }
  if (routerState) {
    const segments = segmentsOf(pathname)
    // The page itself again (a refresh, a server function's re-render): intercepted if it was.
    const again = routerState.from === pathname
    const shownIntercepted = Object.values(routerState.slots).some(
      (slot) => slot.intercepted === true && slot.url === pathname,
    )
    for (const interceptor of interceptors) {
      const applies = again
        ? shownIntercepted
        : matchesPrefix(interceptor.intercept!.source, routerState.from)
      if (!applies) continue
      const params = matchPattern(interceptor.pattern, segments)
      if (!params) continue
      // Slots beside the interceptor, from its layout down, keep what they showed.
      const { chain } = interceptor
      const marked = chain.findLastIndex((d) => d.intercept !== undefined)
      let owner = marked - 1
      while (owner > 0 && chain[owner + 1]!.type !== 'slot') owner--
      const intercepted = attempt(
        interceptor,
        params,
        chain[owner + 1]!.type === 'slot' ? owner : marked - 1,
      )
      // A state that cannot show the slots beside it (a stale or forged one): no interception.
      if (intercepted) return intercepted
    }
  }
  return attempt(match.route, match.params, Infinity)
}

function defaultBranch(
  chain: RouteDirectory[],
  depth: number,
  slot: string,
  resolution: Resolution,
  params: Params,
  url: string,
): Branch | null {
  const owner = chain[depth]!
  const folders = chain.slice(0, depth + 1)
  if (slot !== CHILDREN_SLOT) {
    const slotDir = resolution.index.directories.get(`${owner.dir ? `${owner.dir}/` : ''}@${slot}`)
    if (slotDir) folders.push(slotDir)
  }
  const file = folders.at(-1)!.files.default
  if (!file || (slot !== CHILDREN_SLOT && folders.length === depth + 1)) return null
  return { chain: folders, file, kind: 'default', params, url, slots: {} }
}

/**
 * The branch of `route` below depth `below`: for each layout with slots deeper than that, what
 * its other slots show. Slots of layouts at or below `interceptedBelow` are not matched against
 * the URL (an interceptor shows it): they keep what they showed, or show their default.tsx.
 */
function resolveBranch(
  resolution: Resolution,
  route: Route,
  params: Params,
  url: string,
  below: number,
  interceptedBelow: number,
): Branch | null {
  const { chain } = route
  const branch: Branch = { chain, file: route.file, kind: 'page', params, url, slots: {} }
  const segments = segmentsOf(url)
  for (let depth = below + 1; depth < chain.length; depth++) {
    const owner = chain[depth]!
    if (owner.slots.length === 0) continue
    const own = slotAt(chain, depth)
    const shown: Record<string, Branch> = {}
    for (const slot of [CHILDREN_SLOT, ...owner.slots]) {
      if (slot === own) continue
      const candidates = resolution.index.bySlot.get(slotKey(owner, slot)) ?? []
      let found: Branch | null = null
      if (depth < interceptedBelow) {
        for (const candidate of candidates) {
          const matched = candidate.intercept ? null : matchPattern(candidate.pattern, segments)
          if (!matched) continue
          found = resolveBranch(resolution, candidate, matched, url, depth, Infinity)
          break
        }
      }
      if (!found) resolution.reads.add(slotKey(owner, slot))
      const kept = resolution.routerState?.slots[slotKey(owner, slot)]
      if (!found && kept && typeof kept.url === 'string') {
        const keptSegments = segmentsOf(kept.url)
        for (const candidate of candidates) {
          if (Boolean(candidate.intercept) !== (kept.intercepted === true)) continue
          const matched = matchPattern(candidate.pattern, keptSegments)
          if (!matched) continue
          found = resolveBranch(resolution, candidate, matched, kept.url, depth, Infinity)
          if (found) resolution.stateDependent = true
          break
        }
      }
      found ??= defaultBranch(chain, depth, slot, resolution, params, url)
      if (!found) return null
      shown[slot] = found
      if (found.kind === 'page') {
        const intercepted = found.chain.some((d) => d.intercept !== undefined)
        resolution.state[slotKey(owner, slot)] = {
          url: found.url,
          ...(intercepted && { intercepted }),
        }
      }
    }
    const intercepted = chain.slice(depth).some((d) => d.intercept !== undefined)
    resolution.state[slotKey(owner, own)] = { url, ...(intercepted && { intercepted }) }
    branch.slots[depth] = shown
  }
  return branch
}

function matchRoute(routes: Route[], pathname: string): RouteMatch | null {
  // Segments stay as sent: a static folder matches only its canonical encoding, and only what
  // becomes a param value is decoded (docs/routing.md, "Percent-encoding").
  const segments = segmentsOf(pathname)
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

function matchPattern(pattern: readonly RouteDirectory[], segments: string[]): Params | null {
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
export function paramsUpTo(route: Pick<Route, 'chain'>, depth: number, params: Params): Params {
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
