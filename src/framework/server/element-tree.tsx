// One route match → one element tree. Per folder, from the leaf up:
//   layout › [RedirectBoundary at the root] › ErrorBoundary (error.tsx) › Suspense (loading.tsx)
//     › AccessFallbackBoundary (not-found / unauthorized / forbidden) › child
// Each level's child is keyed by its URL segment, so a layout keeps its state across
// navigations while a page whose params changed mounts afresh. A layout with `@slot` folders
// gets each slot's branch as a prop (routing/slot-view.ts resolves what each shows); a
// folder's template.tsx sits inside its layout, keyed by the branch's URL, so it mounts afresh
// on every navigation to another URL below it.
import { type ComponentType, Fragment, type ReactNode, Suspense } from 'react'
import { DEFAULT_SCREENS } from '../../fallbacks/default-screen.tsx'
import { NOINDEX } from '../../fallbacks/noindex.tsx'
import { refuseInsideCache } from '../cache/scope.ts'
import {
  AccessFallbackBoundary,
  ErrorBoundary,
  type ErrorComponent,
  RedirectBoundary,
  type ServerErrorInfo,
} from '../client/boundaries.tsx'
import { LayoutSegments } from '../client/layout-segments.tsx'
import { withGate, withHead } from '../metadata/head-elements.tsx'
import { errorMetadata, fallbackMetadata, pageMetadata } from '../metadata/route-metadata.tsx'
import { isRequestHidden, markDynamic, ReadTrackingPromise } from '../request/dynamic-reads.ts'
import { segmentsBelow } from '../routing/layout-segments.ts'
import { nearestWith, paramsUpTo, slotAt } from '../routing/route-chain.ts'
import type { Branch, Params, Route, RouteDirectory, View } from '../routing/types.ts'
import type { FallbackStatus } from '../wire/interrupts.ts'
import type { Core } from './core-state.ts'
import { noteSegmentDepth } from './render-errors.ts'
import { loadModule } from './segment-module.ts'

type AnyComponent = ComponentType<Record<string, unknown>>

/** The handler's route-module loader (core-state.ts), passed down every builder here. */
type Load = Core['load']

const FALLBACK_FILES = { 404: 'not-found', 401: 'unauthorized', 403: 'forbidden' } as const
const FALLBACK_STATUSES = [404, 401, 403] as const
const CHILDREN_SLOT = 'children'

function isClientReference(component: unknown): boolean {
  return (component as { $$typeof?: symbol }).$$typeof === Symbol.for('react.client.reference')
}

type Render = (props: Record<string, unknown>) => ReactNode | Promise<ReactNode>

const segmentWrappers = new WeakMap<AnyComponent, Map<number, AnyComponent>>()

/**
 * Pages and layouts render through this wrapper so an interrupt they throw is known to belong to
 * the boundary at `depth`: a page's to its own folder's, a layout's to its parent's. React renders
 * the wrapper as a component, and the wrapper runs the route's component synchronously within
 * that render: React's hooks, `use()` among them, work in it as in any server component (a
 * suspended `use()` throws React's own signal, which passes through, and React renders again).
 * An async component's promise is handed to React as it is, only with its rejection noted.
 * Wrappers are made once per component and depth: they hold nothing of a request.
 */
function atDepth(Component: AnyComponent, depth: number): AnyComponent {
  if (isClientReference(Component)) return Component
  let byDepth = segmentWrappers.get(Component)
  if (!byDepth) {
    byDepth = new Map()
    segmentWrappers.set(Component, byDepth)
  }
  const known = byDepth.get(depth)
  if (known) return known
  const render = Component as Render
  const note = (error: unknown) => {
    noteSegmentDepth(error, depth)
    throw error
  }
  const Segment: Render = (props) => {
    let result: ReturnType<Render>
    try {
      result = render(props)
    } catch (error) {
      note(error)
    }
    return result instanceof Promise ? result.then(undefined, note) : result
  }
  // React's development tools and stacks name the route's component, not the wrapper.
  Object.defineProperty(Segment, 'name', { value: Component.displayName ?? Component.name })
  byDepth.set(depth, Segment as AnyComponent)
  return Segment as AnyComponent
}

interface LoadedSegment {
  dir: RouteDirectory
  Layout: AnyComponent | undefined
  Template: AnyComponent | undefined
  Loading: AnyComponent | undefined
  ErrorScreen: AnyComponent | undefined
  fallbacks: Partial<Record<FallbackStatus, AnyComponent>>
}

async function loadSegment(load: Load, dir: RouteDirectory): Promise<LoadedSegment> {
  const component = async (file: string | undefined) => {
    if (!file) return undefined
    const { Component, dynamic } = await loadModule(load, file)
    if (dynamic === 'force-dynamic') markDynamic(`export const dynamic in ${file}`)
    return Component
  }
  const { files } = dir
  const [Layout, Template, Loading, ErrorScreen, ...screens] = await Promise.all([
    component(files.layout),
    component(files.template),
    component(files.loading),
    component(files.error),
    ...FALLBACK_STATUSES.map((status) => component(files[FALLBACK_FILES[status]])),
  ])
  const fallbacks: LoadedSegment['fallbacks'] = {}
  FALLBACK_STATUSES.forEach((status, i) => {
    if (screens[i]) fallbacks[status] = screens[i]
  })
  return { dir, Layout, Template, Loading, ErrorScreen, fallbacks }
}

function searchParamsOf(url: URL): Params {
  const result: Params = {}
  for (const key of new Set(url.searchParams.keys())) {
    const values = url.searchParams.getAll(key)
    result[key] = values.length === 1 ? values[0]! : values
  }
  return result
}

/** The URL segment(s) a folder consumed, used as the React key of its subtree. */
function segmentKey(dir: RouteDirectory, params: Params): string {
  if (dir.type === 'static' || dir.type === 'group') return dir.dir
  const value = params[dir.name]
  return `${dir.dir}=${Array.isArray(value) ? value.join('/') : (value ?? '')}`
}

function DefaultRootLayout({ children }: { children?: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  )
}

interface SegmentsOptions {
  /** Set when the innermost folder's error.tsx starts out showing a server error. */
  failure?: ServerErrorInfo
  /** The first folder of `chain` to wrap in: a slot's branch starts below its layout's folder. */
  from?: number
  /**
   * The other slots of the layouts, by depth: passed to each as props; `children` where the
   * chain itself goes into a named slot.
   */
  slots?: Record<number, Record<string, ReactNode>>
  /** What the template.tsx at a depth is keyed by: the URL its children slot shows. */
  templateKey?: (depth: number) => string
  /** A slot's branch notes its interrupts at its layout's depth, on the page's chain. */
  noteDepth?: (depth: number) => number
}

/** Wraps `leaf` in the layouts and boundaries of `chain`, innermost last. */
async function wrapInSegments(
  load: Load,
  chain: RouteDirectory[],
  route: Pick<Route, 'chain'> | null,
  params: Params,
  leaf: ReactNode,
  options: SegmentsOptions = {},
): Promise<ReactNode> {
  const { failure, from = 0, slots = {}, templateKey, noteDepth = (depth) => depth } = options
  const segments = await Promise.all(
    chain.map((dir, depth) => (depth < from ? null : loadSegment(load, dir))),
  )
  let node = leaf
  for (let depth = segments.length - 1; depth >= from; depth--) {
    const { dir, Layout, Template, Loading, ErrorScreen, fallbacks } = segments[depth]!
    // Where the chain goes into a named slot, what was built so far is that slot's content and
    // the layout's children is the children slot's branch.
    const { [CHILDREN_SLOT]: childrenSlot, ...slotProps } = slots[depth] ?? {}
    const own = slotAt(chain, depth)
    if (own !== CHILDREN_SLOT) {
      slotProps[own] = node
      node = childrenSlot
    }
    // The root's boundary falls back on the framework's default screens, which the browser
    // loads only when it shows one (client/boundaries.tsx); the app's screens travel in the
    // payload.
    if (depth === 0 || Object.keys(fallbacks).length > 0) {
      const elements: Partial<Record<FallbackStatus, ReactNode>> = {}
      for (const [status, Screen] of Object.entries(fallbacks)) {
        elements[Number(status) as FallbackStatus] = <Screen />
      }
      node = (
        <AccessFallbackBoundary fallbacks={elements} defaults={depth === 0}>
          {node}
        </AccessFallbackBoundary>
      )
    }
    if (Loading) node = <Suspense fallback={<Loading />}>{node}</Suspense>
    if (ErrorScreen) {
      const initialError = depth === segments.length - 1 ? failure : undefined
      node = (
        <ErrorBoundary errorComponent={ErrorScreen as ErrorComponent} initialError={initialError}>
          {node}
        </ErrorBoundary>
      )
    }
    if (depth === 0) node = <RedirectBoundary>{node}</RedirectBoundary>
    if (Template) node = <Template key={templateKey?.(depth)}>{node}</Template>
    const LayoutComponent: AnyComponent | null = Layout
      ? atDepth(Layout, noteDepth(depth - 1))
      : depth === 0
        ? (DefaultRootLayout as AnyComponent)
        : null
    if (LayoutComponent) {
      const segmentParams = route ? paramsUpTo(route, depth, params) : {}
      node = (
        <LayoutComponent params={Promise.resolve(segmentParams)} {...slotProps}>
          {node}
        </LayoutComponent>
      )
    }
    // What useSelectedLayoutSegment(s) read at this level (client/layout-segments.tsx).
    node = <LayoutSegments segments={segmentsBelow(chain, depth, params)}>{node}</LayoutSegments>
    node = <Fragment key={segmentKey(dir, params)}>{node}</Fragment>
  }
  return node
}

/**
 * What a template at `depth` is keyed by: the URL segment its `children` show below its folder
 * (as Next.js keys it by its child segment), so a navigation to another child mounts a new
 * instance and one deeper within the same child does not (docs/routing.md, "Templates").
 */
function childSegment(pathname: string, chain: readonly RouteDirectory[], depth: number): string {
  let consumed = 0
  for (const dir of chain.slice(0, depth + 1)) {
    if (dir.type === 'static' || dir.type === 'dynamic') consumed++
    // A catch-all takes the rest of the URL: nothing is below it.
    else if (dir.type === 'catch-all' || dir.type === 'optional-catch-all') return ''
  }
  return pathname.split('/').filter(Boolean)[consumed] ?? ''
}

/** A force-static page is the same for every request: it sees no search params. */
function searchParamsFor(url: URL): Promise<Params> {
  if (isRequestHidden()) return Promise.resolve({})
  // Nor may a cached computation: its value is shared by every request.
  const refuse = () => refuseInsideCache('searchParams', 'search params')
  return ReadTrackingPromise.of(searchParamsOf(url), 'searchParams', refuse)
}

/**
 * A branch's folders from `from` down, with its page (or default.tsx) and, at each layout with
 * slots, the branches of the other slots. `owner` is the depth of the layout a slot's branch is
 * passed to (-1 for the page's own): what it throws belongs to that layout's boundaries.
 */
async function buildBranch(
  load: Load,
  branch: Branch,
  from: number,
  url: URL,
  owner = -1,
  /** The URL's page only: the search params its metadata read too, and the metadata's gate. */
  top?: { searchParams: Promise<Params>; gate: ReactNode },
): Promise<ReactNode> {
  const noteDepth = (depth: number) => (owner === -1 ? depth : Math.min(depth, owner))
  const { Component, dynamic } = await loadModule(load, branch.file)
  if (dynamic === 'force-dynamic') markDynamic(`export const dynamic in ${branch.file}`)
  const Leaf = atDepth(Component, noteDepth(branch.chain.length - 1))
  const leaf =
    branch.kind === 'default' ? (
      <Leaf params={Promise.resolve(branch.params)} />
    ) : (
      <Leaf
        params={Promise.resolve(branch.params)}
        searchParams={top?.searchParams ?? searchParamsFor(url)}
      />
    )
  const slots: Record<number, Record<string, ReactNode>> = {}
  const childUrls: Record<number, string> = {}
  await Promise.all(
    Object.entries(branch.slots).flatMap(([at, shown]) =>
      Object.entries(shown).map(async ([name, slot]) => {
        const depth = Number(at)
        if (name === CHILDREN_SLOT) childUrls[depth] = slot.url
        const node = await buildBranch(load, slot, depth + 1, url, owner === -1 ? depth : owner)
        slots[depth] = { ...slots[depth], [name]: node }
      }),
    ),
  )
  return wrapInSegments(
    load,
    branch.chain,
    branch,
    branch.params,
    withGate(top?.gate ?? null, leaf),
    {
      from,
      slots,
      templateKey: (depth) => childSegment(childUrls[depth] ?? branch.url, branch.chain, depth),
      noteDepth,
    },
  )
}

export async function buildPageTree(
  load: Load,
  route: Route,
  params: Params,
  url: URL,
  view?: View,
): Promise<ReactNode> {
  const branch = view?.branch ?? {
    chain: route.chain,
    file: route.file,
    kind: 'page' as const,
    params,
    url: url.pathname,
    slots: {},
  }
  const searchParams = searchParamsFor(url)
  // The matched route's metadata: an intercepting page's when a slot shows it (docs/metadata.md).
  const metadata = await pageMetadata(
    { load: load, noteSegmentDepth },
    route,
    params,
    searchParams,
    url.pathname,
  )
  return withHead(
    metadata.head,
    await buildBranch(load, branch, 0, url, -1, { searchParams, gate: metadata.gate }),
  )
}

/**
 * The fallback screen for `status` in place of the page: the nearest folder at or above `depth`
 * that has the screen's file provides it (the root's default screen otherwise), inside the
 * layouts above it.
 */
export async function buildFallbackTree(
  load: Load,
  chain: RouteDirectory[],
  route: Route | null,
  params: Params,
  status: FallbackStatus,
  depth: number,
  pathname: string,
): Promise<ReactNode> {
  const at = Math.max(nearestWith(chain, depth, FALLBACK_FILES[status]), 0)
  const own = chain[at]!.files[FALLBACK_FILES[status]]
  const Screen = own ? (await loadModule(load, own)).Component : DEFAULT_SCREENS[status]
  const screen = (
    <>
      {NOINDEX}
      <Screen />
    </>
  )
  const above = chain.slice(0, at + 1)
  const [metadata, tree] = await Promise.all([
    fallbackMetadata(load, above, route, params, own, pathname),
    wrapInSegments(load, above, route, params, screen),
  ])
  return withHead(metadata.head, tree)
}

/**
 * The page failed before its document's shell could render: the layouts down to the nearest
 * error.tsx at or above `depth` (nearestWith), which starts out showing `error`.
 */
export async function buildErrorTree(
  load: Load,
  chain: RouteDirectory[],
  route: Route | null,
  params: Params,
  depth: number,
  error: ServerErrorInfo,
  pathname: string,
): Promise<ReactNode> {
  const at = nearestWith(chain, depth, 'error')
  if (at < 0) throw new Error('buildErrorTree needs a folder with error.tsx at or above depth.')
  const above = chain.slice(0, at + 1)
  const [metadata, tree] = await Promise.all([
    errorMetadata(load, above, route, params, pathname),
    wrapInSegments(load, above, route, params, null, { failure: error }),
  ])
  return withHead(metadata.head, tree)
}

/** The root's global-error.tsx, if the app has one (a client component). */
export async function loadGlobalError(
  load: Load,
  root: RouteDirectory,
): Promise<AnyComponent | undefined> {
  const file = root.files['global-error']
  return file ? (await loadModule(load, file)).Component : undefined
}
