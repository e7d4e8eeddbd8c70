// A route's segments merged into one resolved metadata (docs/metadata.md, "Merging"), key by key
// as Next.js merges them, each field resolved by resolve-fields.ts and resolve-social.ts. Pure.

import type { SegmentMetadataFiles } from '../routing/metadata-files.ts'
import { withFolderFiles } from './file-metadata.ts'
import {
  resolveAlternates,
  resolveAppLinks,
  resolveAppleWebApp,
  resolveFacebook,
  resolveIcons,
  resolveItunes,
  resolvePagination,
  resolveRobots,
  resolveVerification,
  toList,
} from './resolve-fields.ts'
import { resolveOpenGraph, resolveTwitter } from './resolve-social.ts'
import type { ResolvedMetadata } from './resolved-types.ts'
import { NO_TEMPLATES, resolveTitle, type TitleTemplates, templatesOf } from './titles.ts'
import type { Metadata } from './types.ts'
import { resolveUrl, type UrlContext } from './urls.ts'

export function emptyMetadata(): ResolvedMetadata {
  return {
    metadataBase: null,
    title: null,
    description: null,
    applicationName: null,
    authors: null,
    generator: null,
    keywords: null,
    referrer: null,
    creator: null,
    publisher: null,
    category: null,
    classification: null,
    robots: null,
    alternates: null,
    icons: null,
    openGraph: null,
    twitter: null,
    other: null,
    abstract: null,
    archives: null,
    assets: null,
    bookmarks: null,
    manifest: null,
    pagination: null,
    formatDetection: null,
    appleWebApp: null,
    itunes: null,
    facebook: null,
    pinterest: null,
    verification: null,
    appLinks: null,
  }
}

function resolveBase(base: URL | string | null | undefined, parent: URL | null): URL | null {
  if (base === undefined) return parent
  if (base === null) return null
  return base instanceof URL ? base : new URL(base)
}

/**
 * `child` over `parent`, as Next.js merges a segment's metadata into the one above: key by key,
 * each key the child gives replaces the parent's whole (so `openGraph` is replaced, never merged
 * field by field); a key the child leaves out (undefined) keeps the parent's; `null` removes it.
 */
export function mergeMetadata(
  parent: ResolvedMetadata,
  child: Metadata,
  templates: TitleTemplates,
  context: UrlContext = { pathname: '/' },
): ResolvedMetadata {
  const result: ResolvedMetadata = { ...parent }
  const base = resolveBase(child.metadataBase, parent.metadataBase)
  result.metadataBase = base
  const set = <K extends keyof Metadata>(
    key: K,
    resolve: (value: NonNullable<Metadata[K]>) => ResolvedMetadata[K & keyof ResolvedMetadata],
  ) => {
    const value = child[key]
    if (value === undefined) return
    const target = key as K & keyof ResolvedMetadata
    result[target] = (value === null ? null : resolve(value as NonNullable<Metadata[K]>)) as never
  }
  set('title', (title) => resolveTitle(title, templates.title))
  for (const key of [
    'description',
    'applicationName',
    'generator',
    'referrer',
    'creator',
    'publisher',
    'category',
    'classification',
    'abstract',
  ] as const) {
    set(key, (value) => value)
  }
  set('authors', (authors) =>
    toList(authors).map(({ name, url }) => ({
      ...(name === undefined ? {} : { name }),
      ...(url === undefined ? {} : { url: resolveUrl(url, base) }),
    })),
  )
  set('keywords', (keywords) =>
    typeof keywords === 'string' ? keywords.split(',').map((k) => k.trim()) : keywords,
  )
  set('robots', resolveRobots)
  set('alternates', (alternates) => resolveAlternates(alternates, base, context))
  set('icons', (icons) => resolveIcons(icons, base))
  set('openGraph', (og) => resolveOpenGraph(og, base, templates.openGraph, context))
  set('twitter', (tw) => resolveTwitter(tw, base, templates.twitter))
  set('other', (other) => other)
  for (const key of ['archives', 'assets', 'bookmarks'] as const) set(key, toList)
  set('manifest', (manifest) => String(manifest))
  set('pagination', (pagination) => resolvePagination(pagination, base, context))
  set('formatDetection', (formatDetection) => formatDetection)
  set('appleWebApp', resolveAppleWebApp)
  set('itunes', (itunes) => resolveItunes(itunes, base, context))
  set('facebook', resolveFacebook)
  set('pinterest', (pinterest) => pinterest)
  set('verification', resolveVerification)
  set('appLinks', resolveAppLinks)
  return result
}

/**
 * Merges a route's segments, root first. `leafFrom` is the index of the first item in the page's
 * own folder (its layout, then the page): as in Next.js, a layout's template applies to the
 * titles of the folders below it, not to its own folder's page, so items from `leafFrom` on do not
 * change the templates. `files` are what each item's folder's metadata files add (file-metadata.ts).
 */
export function mergeAll(
  items: readonly Metadata[],
  leafFrom = items.length,
  context: UrlContext = { pathname: '/' },
  files: readonly (SegmentMetadataFiles | undefined)[] = [],
): ResolvedMetadata {
  let resolved = emptyMetadata()
  let templates = NO_TEMPLATES
  items.forEach((item, i) => {
    resolved = mergeMetadata(resolved, item, templates, context)
    resolved = withFolderFiles(resolved, item, files[i], templates, context)
    if (i < leafFrom) templates = templatesOf(resolved)
  })
  return resolved
}
