// Builds the route table from the file paths under src/routes and validates it (conflicting
// routes, slots and interceptors that cannot show): pure (no I/O), so the same code validates at
// build time (vite-plugin.ts), matches requests at run time (server/) and is unit-tested.
import { classifyFolder } from './folder-names.ts'
import { CHILDREN_SLOT, slotAt } from './route-chain.ts'
import { compareRoutes, matchPattern, matchRoute, segmentsOf } from './route-matching.ts'
import { segmentFileOf } from './segment-files.ts'
import { indexSlots, resolveView } from './slot-view.ts'
import type {
  InterceptMarker,
  Route,
  RouteDirectory,
  RouteTable,
  SegmentMetadataFiles,
} from './types.ts'

/** A build error: two files (or a slot's page and its layout) claim one URL. */
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
 * @param metadataFilesOf what a folder's metadata files add to its head (routing/metadata-files.ts).
 * @throws RouteConflictError when two routes resolve to the same URL, a slot's page has a URL
 * the children slot cannot show, or two interceptors take one route from one level.
 */
export function createRouteTable(
  files: readonly string[],
  metadataFilesOf?: (dir: string) => SegmentMetadataFiles | undefined,
): RouteTable {
  const directories = new Map<string, RouteDirectory>()
  const parentOf = (dir: string) => (dir.includes('/') ? dir.slice(0, dir.lastIndexOf('/')) : '')
  const directoryOf = (dir: string): RouteDirectory => {
    let entry = directories.get(dir)
    if (!entry) {
      const folder = dir.split('/').at(-1) ?? ''
      const segment =
        dir === '' ? { type: 'group' as const, name: '', encoded: '' } : classifyFolder(folder)
      entry = { dir, ...segment, files: {}, slots: [] }
      const metadataFiles = metadataFilesOf?.(dir)
      if (metadataFiles) entry.metadataFiles = metadataFiles
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
    const segmentFile = segmentFileOf(file)
    if (!segmentFile) continue
    const { dir, role } = segmentFile
    const entry = directoryOf(dir)
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
  // The most specific route of any slot answers a URL (static beats dynamic wherever it is); of
  // two as specific, the children slot's.
  const inSlot = (route: Route) => Number(firstSlotDepth(route.chain) !== -1)
  const matchOrder = [...routes].sort((a, b) => compareRoutes(a, b) || inSlot(a) - inSlot(b))

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
    // Only a children page at least as specific shows there (resolveView): a less specific one
    // lost the URL to this page.
    const reachable = routes.some(
      (other) =>
        other.chain[depth] === owner &&
        slotAt(other.chain, depth) === CHILDREN_SLOT &&
        compareRoutes(other, route) <= 0 &&
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

  const hasSlots = interceptors.length > 0 || [...directories.values()].some((d) => d.slots.length)
  const index = indexSlots(directories, [...routes, ...interceptors], interceptorsOf)
  return {
    routes,
    root: directoryOf(''),
    hasSlots,
    match: (pathname, state) => {
      const match = matchRoute(matchOrder, pathname)
      if (!match || !hasSlots || match.route.type !== 'page') return match
      return resolveView(index, match, pathname, state ?? null)
    },
  }
}
