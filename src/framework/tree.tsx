// One route match → one element tree. Per folder, from the leaf up:
//   layout › loading (Suspense) › child
// Each level's child is keyed by its URL segment, so a layout keeps its state across
// navigations while a page whose params changed mounts afresh.
import { type ComponentType, Fragment, type ReactNode, Suspense } from 'react'
import ForbiddenScreen from '../fallbacks/forbidden.tsx'
import NotFoundScreen from '../fallbacks/not-found.tsx'
import UnauthorizedScreen from '../fallbacks/unauthorized.tsx'
import type { FallbackStatus } from './interrupts.ts'
import { markDynamic } from './request-context.ts'
import { type Params, paramsUpTo, type Route, type RouteDirectory } from './route-table.ts'
import { loadRouteModule } from './routes.ts'

type AnyComponent = ComponentType<Record<string, unknown>>

async function loadComponent(file: string): Promise<AnyComponent> {
  const mod = await loadRouteModule(file)
  if (typeof mod.default !== 'function') {
    throw new Error(`src/routes/${file} must default-export a React component.`)
  }
  return mod.default as AnyComponent
}

async function loadSegmentConfig(file: string): Promise<void> {
  const mod = await loadRouteModule(file)
  if (mod.dynamic === 'force-dynamic') markDynamic(`export const dynamic in ${file}`)
}

/** A promise whose first read marks the render dynamic: unread search params keep a page static. */
function trackedPromise<T>(value: T, reason: string): Promise<T> {
  const promise = Promise.resolve(value)
  const then = promise.then.bind(promise)
  // biome-ignore lint/suspicious/noThenProperty: the read itself is what is being observed
  promise.then = ((...args: Parameters<typeof then>) => {
    markDynamic(reason)
    return then(...args)
  }) as typeof promise.then
  return promise
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
  if (dir.kind === 'static' || dir.kind === 'group') return dir.dir
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

/** Wraps `leaf` in the layouts and boundaries of `chain[0..depth]`. */
async function wrapInSegments(
  chain: RouteDirectory[],
  route: Route | null,
  params: Params,
  leaf: ReactNode,
): Promise<ReactNode> {
  let node = leaf
  for (let depth = chain.length - 1; depth >= 0; depth--) {
    const dir = chain[depth]!
    const { layout, loading } = dir.files
    const segmentParams = route ? paramsUpTo(route, depth, params) : {}
    if (loading) {
      const Loading = await loadComponent(loading)
      node = <Suspense fallback={<Loading />}>{node}</Suspense>
    }
    const Layout: AnyComponent | null = layout
      ? await loadComponent(layout)
      : depth === 0
        ? (DefaultRootLayout as AnyComponent)
        : null
    if (Layout) {
      if (layout) await loadSegmentConfig(layout)
      node = <Layout params={Promise.resolve(segmentParams)}>{node}</Layout>
    }
    node = <Fragment key={segmentKey(dir, params)}>{node}</Fragment>
  }
  return node
}

export async function buildPageTree(route: Route, params: Params, url: URL): Promise<ReactNode> {
  const Page = await loadComponent(route.file)
  await loadSegmentConfig(route.file)
  const page = (
    <Page
      params={Promise.resolve(params)}
      searchParams={trackedPromise(searchParamsOf(url), 'searchParams')}
    />
  )
  return wrapInSegments(route.chain, route, params, page)
}

const FALLBACKS = {
  404: { file: 'not-found', Default: NotFoundScreen },
  401: { file: 'unauthorized', Default: UnauthorizedScreen },
  403: { file: 'forbidden', Default: ForbiddenScreen },
} as const

/** The root layout around the root's fallback screen for `status` (or the default one). */
export async function buildFallbackTree(
  root: RouteDirectory,
  status: FallbackStatus,
): Promise<ReactNode> {
  const { file, Default } = FALLBACKS[status]
  const own = root.files[file]
  const Screen = own ? await loadComponent(own) : (Default as AnyComponent)
  return wrapInSegments([root], null, {}, <Screen />)
}
