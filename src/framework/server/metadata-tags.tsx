// The Metadata API's rendering side (docs/metadata.md): runs the segments' `generateMetadata` and
// `generateViewport` (merging is server/metadata.ts), and turns the result into `<title>`,
// `<meta>` and `<link>` elements placed at the top of the route's tree, in its shell, so React
// writes them into <head> before the page's content streams (and replaces them on navigations).
import type { ReactNode } from 'react'
import { paramsUpTo } from '../routing/route-chain.ts'
import type { Params, Route, RouteDirectory } from '../routing/types.ts'
import { reportServerError } from '../wire/errors.ts'
import type { Core, RouteModuleExports } from './core-state.ts'
import {
  emptyMetadata,
  type Metadata,
  mergeAll,
  mergeMetadata,
  NO_TEMPLATES,
  type ResolvedMetadata,
  type ResolvedViewport,
  type ResolvingMetadata,
  resolveViewport,
  type TitleTemplates,
  templatesOf,
  type UrlContext,
  type Viewport,
  withTwitterFromOpenGraph,
} from './metadata.ts'
import {
  alternateTags,
  appLinksTags,
  appleWebAppTags,
  basicTags,
  iconTags,
  metaName,
  openGraphTags,
  platformTags,
  type Tag,
  twitterTags,
} from './metadata-field-tags.ts'
import { noteSegmentDepth } from './render-errors.ts'

interface SegmentProps {
  params: Promise<Params>
  searchParams?: Promise<Params>
}

type Generate<T, P> = (props: SegmentProps, parent: Promise<P>) => T | Promise<T>

/** One layout or page whose exports may carry metadata, with the props its functions get. */
interface Source {
  mod: RouteModuleExports
  props: SegmentProps
}

const ignore = () => {}

/** A promise whose rejection is handled where it is used, and never left unhandled. */
function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(ignore)
  return promise
}

const NO_EXPORTS: RouteModuleExports = {}

/**
 * What a layout or page module may say about metadata: nothing when it is a `"use client"`
 * module, whose exports are client references (as in Next.js, metadata is for server modules).
 */
function metadataExports(mod: RouteModuleExports): RouteModuleExports {
  const component = mod.default as { $$typeof?: symbol } | undefined
  return component?.$$typeof === Symbol.for('react.client.reference') ? NO_EXPORTS : mod
}

function hasGenerate(mod: RouteModuleExports): boolean {
  return typeof mod.generateMetadata === 'function' || typeof mod.generateViewport === 'function'
}

/** A segment's own part: its static export, or what its function returns given the parent's. */
function own<T extends object, P>(
  mod: RouteModuleExports,
  names: { value: string; generate: string },
  props: SegmentProps,
  parent: Promise<P>,
): Promise<T> {
  const generate = mod[names.generate]
  if (typeof generate !== 'function') return Promise.resolve((mod[names.value] as T) ?? ({} as T))
  try {
    return quiet(Promise.resolve((generate as Generate<T, P>)(props, parent)))
  } catch (error) {
    return quiet(Promise.reject(error))
  }
}

interface Resolved {
  metadata: ResolvedMetadata
  viewport: ResolvedViewport
}

type Merged = { metadata: ResolvedMetadata; templates: TitleTemplates }

/**
 * The segments' metadata and viewport merged, root first; each `generateMetadata` starts at once
 * with a promise of the merged metadata above it (`parent`), as in Next.js.
 */
function resolveSources(
  sources: readonly Source[],
  leafFrom: number,
  context: UrlContext,
): Promise<Resolved> {
  let merged: Promise<Merged> = Promise.resolve({
    metadata: emptyMetadata(),
    templates: NO_TEMPLATES,
  })
  let viewports: Promise<Viewport[]> = Promise.resolve([])
  sources.forEach(({ mod, props }, i) => {
    const above = merged
    const parent: ResolvingMetadata = quiet(above.then((m) => m.metadata))
    const mine = own<Metadata, ResolvedMetadata>(
      mod,
      { value: 'metadata', generate: 'generateMetadata' },
      props,
      parent,
    )
    merged = quiet(
      Promise.all([above, mine]).then(([{ metadata, templates }, child]) => {
        const next = mergeMetadata(metadata, child ?? {}, templates, context)
        return { metadata: next, templates: i < leafFrom ? templatesOf(next) : templates }
      }),
    )
    const viewportsAbove = viewports
    const mineViewport = own<Viewport, ResolvedViewport>(
      mod,
      { value: 'viewport', generate: 'generateViewport' },
      props,
      quiet(viewportsAbove.then(resolveViewport)),
    )
    viewports = quiet(
      Promise.all([viewportsAbove, mineViewport]).then(([list, item]) => [...list, item ?? {}]),
    )
  })
  return Promise.all([merged, viewports]).then(([{ metadata }, items]) => ({
    metadata,
    viewport: resolveViewport(items),
  }))
}

function mergeStatic(sources: readonly Source[], leafFrom: number, context: UrlContext): Resolved {
  return {
    metadata: mergeAll(
      sources.map(({ mod }) => (mod.metadata ?? {}) as Metadata),
      leafFrom,
      context,
    ),
    viewport: resolveViewport(sources.map(({ mod }) => (mod.viewport ?? {}) as Viewport)),
  }
}

/** What the resolved metadata and viewport say, as tags, in Next.js's order. */
export function tagsOf({ metadata, viewport: v }: Resolved): Tag[] {
  const m = withTwitterFromOpenGraph(metadata)
  const tags: Tag[] = [
    ['meta', { charSet: 'utf-8' }],
    ['meta', { name: 'viewport', content: v.viewport }],
  ]
  for (const { color, media } of v.themeColor ?? []) {
    tags.push(['meta', { name: 'theme-color', content: color, ...(media ? { media } : {}) }])
  }
  tags.push(...metaName('color-scheme', v.colorScheme))
  return [
    ...tags,
    ...basicTags(m),
    ...alternateTags(m.alternates),
    ...platformTags(m),
    ...appleWebAppTags(m.appleWebApp),
    ...openGraphTags(m.openGraph),
    ...twitterTags(m.twitter),
    ...appLinksTags(m.appLinks),
    ...iconTags(m.icons),
  ]
}

/** The tags as React elements, keyed by what they are, so a navigation replaces them one by one. */
function elementsOf(tags: Tag[]): ReactNode[] {
  const seen = new Map<string, number>()
  return tags.map((tag) => {
    const [type, value] = tag
    const name =
      type === 'title'
        ? 'title'
        : `${type}:${value.charSet ? 'charset' : (value.name ?? value.property ?? value.rel ?? '')}`
    const n = seen.get(name) ?? 0
    seen.set(name, n + 1)
    const key = `${name}:${n}`
    if (type === 'title') return <title key={key}>{value}</title>
    return type === 'meta' ? <meta key={key} {...value} /> : <link key={key} {...value} />
  })
}

/** What a route without any metadata gets: the charset and the default viewport. */
const DEFAULT_HEAD = elementsOf(
  tagsOf({ metadata: emptyMetadata(), viewport: resolveViewport([]) }),
)

/**
 * Awaits the tags in the shell. A failure renders the default tags alone (the charset and the
 * viewport every document has): the page shows it (the gate; a screen shown in its place, after
 * a loading.tsx's shell too, brings its own title and noindex tag), or it is logged here (a
 * screen's layouts), or it was already shown (an error.tsx in place of the page).
 */
async function MetadataOutlet({
  resolved,
  log,
}: {
  resolved: Promise<Resolved>
  log: boolean
}): Promise<ReactNode> {
  try {
    return elementsOf(tagsOf(await resolved))
  } catch (error) {
    if (log) reportServerError(error)
    return DEFAULT_HEAD
  }
}

/** Beside the page: throws what a generateMetadata threw, there, as if the page had thrown it. */
async function MetadataGate({ resolved }: { resolved: Promise<unknown> }): Promise<ReactNode> {
  await resolved
  return null
}

export interface RouteMetadata {
  /** The tags: placed at the top of the tree (withHead). */
  head: ReactNode
  /** Beside the page when a function may throw: its error then behaves as the page's. */
  gate: ReactNode
}

async function sourcesOf(
  load: Core['load'],
  chain: readonly RouteDirectory[],
  route: Route | null,
  params: Params,
): Promise<Source[]> {
  const layouts = chain.flatMap((dir, depth) =>
    dir.files.layout ? [{ file: dir.files.layout, depth }] : [],
  )
  const mods = await Promise.all(layouts.map(({ file }) => load(file)))
  return mods.map((mod, i) => ({
    mod: metadataExports(mod),
    props: { params: Promise.resolve(route ? paramsUpTo(route, layouts[i]!.depth, params) : {}) },
  }))
}

/**
 * What a function's failure does: `gate` (the page's depth) throws it beside the page, as the
 * page's own; `log` logs it; `ignore` leaves it (the page's failure is already being shown).
 */
type OnFailure = { gate: number } | 'log' | 'ignore'

function routeMetadataOf(
  sources: Source[],
  leafFrom: number,
  onFailure: OnFailure,
  context: UrlContext,
): RouteMetadata {
  if (!sources.some(({ mod }) => hasGenerate(mod))) {
    const anyExport = sources.some(
      ({ mod }) => mod.metadata !== undefined || mod.viewport !== undefined,
    )
    return {
      head: anyExport ? elementsOf(tagsOf(mergeStatic(sources, leafFrom, context))) : DEFAULT_HEAD,
      gate: null,
    }
  }
  const gateDepth = typeof onFailure === 'object' ? onFailure.gate : null
  const resolved = quiet(
    resolveSources(sources, leafFrom, context).catch((error: unknown) => {
      // The page's boundaries catch it: its error belongs to the page's depth (render-errors.ts).
      if (gateDepth !== null) noteSegmentDepth(error, gateDepth)
      throw error
    }),
  )
  return {
    head: <MetadataOutlet resolved={resolved} log={onFailure === 'log'} />,
    gate: gateDepth === null ? null : <MetadataGate resolved={resolved} />,
  }
}

/**
 * The metadata of a page: its layouts', then its own (with `searchParams`). `pathname` is the
 * page's, which `./` URLs in `alternates`, `openGraph.url` and the like resolve against.
 */
export async function pageMetadata(
  load: Core['load'],
  route: Route,
  params: Params,
  searchParams: Promise<Params>,
  pathname: string,
): Promise<RouteMetadata> {
  const [sources, page] = await Promise.all([
    sourcesOf(load, route.chain, route, params),
    load(route.file),
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
  sources.push({
    mod: metadataExports(page),
    props: { params: Promise.resolve(params), searchParams },
  })
  const context: UrlContext = { pathname }
  const metadata = routeMetadataOf(sources, leafFrom, { gate: route.chain.length - 1 }, context)
  if (metadata.gate === null) {
    staticHeads.set(page, {
      mods: sources.slice(0, -1).map(({ mod }) => mod),
      head: metadata.head,
      pathname: context.usesPathname ? pathname : null,
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
  RouteModuleExports,
  { mods: readonly RouteModuleExports[]; head: ReactNode; pathname: string | null }
>()

function sameModules(mods: readonly RouteModuleExports[], sources: readonly Source[]): boolean {
  return mods.length === sources.length && mods.every((mod, i) => sources[i]!.mod === mod)
}

/** The metadata of an error.tsx shown in place of the page: its layouts'. */
export async function errorMetadata(
  load: Core['load'],
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
  load: Core['load'],
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

/** The page with the gate beside it, if its metadata has one. */
export function withGate(gate: ReactNode, page: ReactNode): ReactNode {
  if (gate === null) return page
  return (
    <>
      {gate}
      {page}
    </>
  )
}

/** The tree with the metadata tags in its shell, outside every boundary and Suspense. */
export function withHead(head: ReactNode, tree: ReactNode): ReactNode {
  return (
    <>
      {head}
      {tree}
    </>
  )
}
