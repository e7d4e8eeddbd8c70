// The metadata of what a route renders (docs/metadata.md): a page, an error.tsx or a fallback
// screen in its place. Loads its segments' metadata (load-segments.ts) and gives the head's
// elements, with a gate beside the page when a function may throw; a page whose metadata is
// static gets its head made once.
import type { ReactNode } from 'react'
import type { Params, Route, RouteDirectory } from '../routing/types.ts'
import { DEFAULT_HEAD, elementsOf, MetadataGate, MetadataOutlet, tagsOf } from './head-elements.tsx'
import {
  hasGenerate,
  type LoadModule,
  type ModuleExports,
  mergeStatic,
  metadataExports,
  quiet,
  resolveSources,
  type Source,
  sourcesOf,
} from './load-segments.ts'
import type { Metadata } from './types.ts'
import type { UrlContext } from './urls.ts'

/** What a page's metadata needs from the request pipeline rendering it. */
export interface PageMetadataHost {
  load: LoadModule
  /** Notes that `error` belongs to the segment at `depth`, whose boundaries catch it. */
  noteSegmentDepth(error: unknown, depth: number): void
}

export interface RouteMetadata {
  /** The tags: placed at the top of the tree (withHead). */
  head: ReactNode
  /** Beside the page when a function may throw: its error then behaves as the page's. */
  gate: ReactNode
}

/**
 * What a function's failure does: `gate` throws it beside the page, as the page's own (noted as
 * the page's by `noteFailure`); `log` logs it; `ignore` leaves it (the page's failure is already
 * being shown).
 */
type OnFailure = { gate: { noteFailure(error: unknown): void } } | 'log' | 'ignore'

function routeMetadataOf(
  sources: Source[],
  leafFrom: number,
  onFailure: OnFailure,
  context: UrlContext,
): RouteMetadata {
  if (!sources.some(({ mod }) => hasGenerate(mod))) {
    const anyExport = sources.some(
      ({ mod, files }) =>
        mod.metadata !== undefined || mod.viewport !== undefined || files !== undefined,
    )
    return {
      head: anyExport ? elementsOf(tagsOf(mergeStatic(sources, leafFrom, context))) : DEFAULT_HEAD,
      gate: null,
    }
  }
  const gate = typeof onFailure === 'object' ? onFailure.gate : null
  const resolved = quiet(
    resolveSources(sources, leafFrom, context).catch((error: unknown) => {
      gate?.noteFailure(error)
      throw error
    }),
  )
  return {
    head: <MetadataOutlet resolved={resolved} log={onFailure === 'log'} />,
    gate: gate === null ? null : <MetadataGate resolved={resolved} />,
  }
}

/**
 * The metadata of a page: its layouts', then its own (with `searchParams`). `pathname` is the
 * page's, which `./` URLs in `alternates`, `openGraph.url` and the like resolve against.
 */
export async function pageMetadata(
  host: PageMetadataHost,
  route: Route,
  params: Params,
  searchParams: Promise<Params>,
  pathname: string,
): Promise<RouteMetadata> {
  const [sources, page] = await Promise.all([
    sourcesOf(host.load, route.chain, route, params),
    host.load(route.file),
  ])
  const known = staticHeads.get(page)
  if (
    known &&
    sameModules(known.mods, sources) &&
    (known.pathname === null || known.pathname === pathname)
  ) {
    return { head: known.head, gate: null }
  }
  const pageFolderHasLayout = route.chain.at(-1)?.files.layout !== undefined
  const leafFrom = sources.length - (pageFolderHasLayout ? 1 : 0)
  const pageSource: Source = {
    mod: metadataExports(page),
    props: { params: Promise.resolve(params), searchParams },
  }
  // As in Next.js, the page's folder's files apply again after the page's own metadata (the
  // folder's layer, the last of its layouts' since it has files).
  if (route.chain.at(-1)?.metadataFiles) pageSource.files = sources.at(-1)?.files
  sources.push(pageSource)
  const context: UrlContext = { pathname }
  const pageDepth = route.chain.length - 1
  // The page's boundaries catch a failure: it belongs to the page's depth.
  const gate = { noteFailure: (error: unknown) => host.noteSegmentDepth(error, pageDepth) }
  const metadata = routeMetadataOf(sources, leafFrom, { gate }, context)
  // Image modules' entries are read again for each page: generateImageMetadata() reads data.
  if (metadata.gate === null && !route.chain.some((dir) => dir.metadataFiles?.generated)) {
    staticHeads.set(page, {
      mods: sources.slice(0, -1).map(({ mod }) => mod),
      head: metadata.head,
      // Files of a folder with params have this page's params in their URLs.
      pathname:
        context.usesPathname || route.chain.some((dir) => dir.metadataFiles?.folder)
          ? pathname
          : null,
    })
  }
  return metadata
}

/**
 * The tags of pages whose metadata is static (no function in the page or its layouts), by page
 * module, with the layout modules they were made from: made from module exports alone, they are
 * the same for every request and visitor, so a page renders them without merging again (unless
 * a `./` URL made them depend on the pathname: `pathname` then says which). A new module (a code
 * change in development) is a new key.
 */
const staticHeads = new WeakMap<
  ModuleExports,
  { mods: readonly ModuleExports[]; head: ReactNode; pathname: string | null }
>()

function sameModules(mods: readonly ModuleExports[], sources: readonly Source[]): boolean {
  return mods.length === sources.length && mods.every((mod, i) => sources[i]!.mod === mod)
}

/** The metadata of an error.tsx shown in place of the page: its layouts'. */
export async function errorMetadata(
  load: LoadModule,
  chain: readonly RouteDirectory[],
  route: Route | null,
  params: Params,
  pathname: string,
): Promise<RouteMetadata> {
  const sources = await sourcesOf(load, chain, route, params)
  return routeMetadataOf(sources, sources.length, 'ignore', { pathname })
}

/**
 * The metadata of a fallback screen in place of the page: the layouts' above it without their
 * title and robots (the screen's own `<title>` names it, and the tree adds the one noindex tag),
 * then the screen file's static `metadata` export, if any (its robots ignored).
 */
export async function fallbackMetadata(
  load: LoadModule,
  chain: readonly RouteDirectory[],
  route: Route | null,
  params: Params,
  screenFile: string | undefined,
  pathname: string,
): Promise<RouteMetadata> {
  const [sources, screen] = await Promise.all([
    sourcesOf(load, chain, route, params),
    screenFile ? load(screenFile) : undefined,
  ])
  const own = (screen?.metadata ?? {}) as Metadata
  sources.push({
    mod: { metadata: { title: null, ...own, robots: null } },
    props: { params: Promise.resolve(params) },
  })
  return routeMetadataOf(sources, sources.length, 'log', { pathname })
}
