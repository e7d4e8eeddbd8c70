// Loading a route's metadata from its route modules (docs/metadata.md): each layout's and the
// page's `metadata` / `viewport` exports, or their `generateMetadata` / `generateViewport` run
// along the segments, root first, each given a promise of the merged metadata above it. The
// caller passes how a route module is loaded (metadata/ sits below the request pipeline).

import type { SegmentMetadataFiles } from '../routing/metadata-files.ts'
import { paramsUpTo } from '../routing/route-chain.ts'
import type { Params, Route, RouteDirectory } from '../routing/types.ts'
import { withParams } from './file-entries.ts'
import { withFileIcons, withFolderFiles } from './file-metadata.ts'
import { withGeneratedImages } from './generated-images.ts'
import { emptyMetadata, mergeAll, mergeMetadata } from './merge.ts'
import type {
  ResolvedHead,
  ResolvedMetadata,
  ResolvedViewport,
  ResolvingMetadata,
} from './resolved-types.ts'
import { NO_TEMPLATES, type TitleTemplates, templatesOf } from './titles.ts'
import type { Metadata, Viewport } from './types.ts'
import type { UrlContext } from './urls.ts'
import { resolveViewport } from './viewport.ts'

/** A route module as loaded: its exports by name. */
export type ModuleExports = Record<string, unknown>

/** Loads a route module by file: the request pipeline's, which keeps each module once loaded. */
export type LoadModule = (file: string) => Promise<ModuleExports>

interface SegmentProps {
  params: Promise<Params>
  searchParams?: Promise<Params>
}

type Generate<T, P> = (props: SegmentProps, parent: Promise<P>) => T | Promise<T>

/** One layout or page whose exports may carry metadata, with the props its functions get. */
export interface Source {
  mod: ModuleExports
  props: SegmentProps
  /** What the metadata files of its folder add (file-metadata.ts), merged after its own. */
  files?: SegmentMetadataFiles
}

const ignore = () => {}

/** A promise whose rejection is handled where it is used, and never left unhandled. */
export function quiet<T>(promise: Promise<T>): Promise<T> {
  promise.catch(ignore)
  return promise
}

const NO_EXPORTS: ModuleExports = {}

/**
 * What a layout or page module may say about metadata: nothing when it is a `"use client"`
 * module, whose exports are client references (as in Next.js, metadata is for server modules).
 */
export function metadataExports(mod: ModuleExports): ModuleExports {
  const component = mod.default as { $$typeof?: symbol } | undefined
  return component?.$$typeof === Symbol.for('react.client.reference') ? NO_EXPORTS : mod
}

export function hasGenerate(mod: ModuleExports): boolean {
  return typeof mod.generateMetadata === 'function' || typeof mod.generateViewport === 'function'
}

/** A segment's own part: its static export, or what its function returns given the parent's. */
function own<T extends object, P>(
  mod: ModuleExports,
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

type Merged = { metadata: ResolvedMetadata; templates: TitleTemplates }

/**
 * The segments' metadata and viewport merged, root first; each `generateMetadata` starts at once
 * with a promise of the merged metadata above it (`parent`), as in Next.js.
 */
export function resolveSources(
  sources: readonly Source[],
  leafFrom: number,
  context: UrlContext,
): Promise<ResolvedHead> {
  let merged: Promise<Merged> = Promise.resolve({
    metadata: emptyMetadata(),
    templates: NO_TEMPLATES,
  })
  let viewports: Promise<Viewport[]> = Promise.resolve([])
  sources.forEach(({ mod, props, files }, i) => {
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
        const merged = mergeMetadata(metadata, child ?? {}, templates, context)
        const next = withFolderFiles(merged, child, files, templates, context)
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
    metadata: withFileIcons(
      metadata,
      sources.map(({ files }) => files),
    ),
    viewport: resolveViewport(items),
  }))
}

export function mergeStatic(
  sources: readonly Source[],
  leafFrom: number,
  context: UrlContext,
): ResolvedHead {
  return {
    metadata: withFileIcons(
      mergeAll(
        sources.map(({ mod }) => (mod.metadata ?? {}) as Metadata),
        leafFrom,
        context,
        sources.map(({ files }) => files),
      ),
      sources.map(({ files }) => files),
    ),
    viewport: resolveViewport(sources.map(({ mod }) => (mod.viewport ?? {}) as Viewport)),
  }
}

/**
 * The layouts of `chain` as sources, each with the params down to its folder and its folder's
 * metadata files; a folder with metadata files but no layout is a source of its own, with no
 * exports (as in Next.js, its files apply between the segments above and below it).
 */
export async function sourcesOf(
  load: LoadModule,
  chain: readonly RouteDirectory[],
  route: Route | null,
  params: Params,
): Promise<Source[]> {
  const layers = chain.flatMap((dir, depth) =>
    dir.files.layout || dir.metadataFiles ? [{ file: dir.files.layout, depth, dir }] : [],
  )
  return Promise.all(
    layers.map(async ({ file, depth, dir }) => {
      const visible = route ? paramsUpTo(route, depth, params) : {}
      const [mod, files] = await Promise.all([
        file ? load(file) : NO_EXPORTS,
        dir.metadataFiles &&
          withGeneratedImages(withParams(dir.metadataFiles, visible), load, visible),
      ])
      const source: Source = {
        mod: metadataExports(mod),
        props: { params: Promise.resolve(visible) },
      }
      if (files) source.files = files
      return source
    }),
  )
}
