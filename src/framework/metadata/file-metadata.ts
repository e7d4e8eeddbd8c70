// What a folder's metadata files (icon.png, apple-icon.png, opengraph-image.jpg, …,
// routing/metadata-files.ts) do to the merged metadata, as Next.js's resolve-metadata.ts does
// it: Open Graph and Twitter images replace the merged ones unless the folder's own metadata
// names `images`; the manifest replaces the merged one; the deepest folder's icons are used when
// no segment exported `icons`, and the root's favicon.ico comes first. Pure.
import type { SegmentMetadataFiles } from '../routing/metadata-files.ts'
import { resolveOpenGraph, resolveTwitter } from './resolve-social.ts'
import type { ResolvedMetadata } from './resolved-types.ts'
import type { TitleTemplates } from './titles.ts'
import type { Metadata } from './types.ts'
import type { UrlContext } from './urls.ts'

/** `merged` (the metadata down to a folder) with the folder's files: `own` is its own export. */
export function withFolderFiles(
  merged: ResolvedMetadata,
  own: Metadata | null | undefined,
  files: SegmentMetadataFiles | undefined,
  templates: TitleTemplates,
  context: UrlContext,
): ResolvedMetadata {
  if (!files) return merged
  const result = { ...merged }
  const base = merged.metadataBase
  if (files.twitter.length > 0 && !Object.hasOwn(own?.twitter ?? {}, 'images')) {
    const { images } = resolveTwitter({ images: files.twitter }, base, null)
    result.twitter = merged.twitter
      ? { ...merged.twitter, images }
      : resolveTwitter({ images: files.twitter }, base, templates.twitter)
  }
  if (files.openGraph.length > 0 && !Object.hasOwn(own?.openGraph ?? {}, 'images')) {
    const { images } = resolveOpenGraph({ images: files.openGraph }, base, null, context)
    result.openGraph = merged.openGraph
      ? { ...merged.openGraph, images }
      : resolveOpenGraph({ images: files.openGraph }, base, templates.openGraph, context)
  }
  if (files.manifest !== undefined) result.manifest = files.manifest
  return result
}

/**
 * The last step: the deepest folder's icon files (and apple-icon files) when no segment gave
 * `icons`, then the root's favicon.ico before every other icon. `layers` are the route's
 * folders' files, root first.
 */
export function withFileIcons(
  metadata: ResolvedMetadata,
  layers: readonly (SegmentMetadataFiles | undefined)[],
): ResolvedMetadata {
  const icon = layers.findLast((files) => files && files.icon.length > 0)?.icon ?? []
  const apple = layers.findLast((files) => files && files.apple.length > 0)?.apple ?? []
  const favicon = layers[0]?.favicon
  if (icon.length === 0 && apple.length === 0 && !favicon) return metadata
  let icons = metadata.icons
  if (!icons && (icon.length > 0 || apple.length > 0)) {
    icons = { icon: [...icon], apple: [...apple], shortcut: [], other: [] }
  }
  if (favicon) {
    icons = icons ?? { icon: [], apple: [], shortcut: [], other: [] }
    icons = { ...icons, icon: [favicon, ...icons.icon] }
  }
  return { ...metadata, icons }
}
