// The resolved metadata and viewport as the head's `<title>`, `<meta>` and `<link>` elements, in
// Next.js's order, placed at the top of the route's tree, in its shell, so React writes them into
// <head> before the page's content streams (and replaces them on navigations).
import type { ReactNode } from 'react'
import { reportServerError } from '../wire/errors.ts'
import {
  alternateTags,
  appLinksTags,
  appleWebAppTags,
  basicTags,
  iconTags,
  platformTags,
} from './field-tags.ts'
import { emptyMetadata } from './merge.ts'
import { withTwitterFromOpenGraph } from './resolve-social.ts'
import type { ResolvedHead } from './resolved-types.ts'
import { openGraphTags, twitterTags } from './social-tags.ts'
import { metaName, type Tag } from './tag-builders.ts'
import { resolveViewport } from './viewport.ts'

/** What the resolved metadata and viewport say, as tags, in Next.js's order. */
export function tagsOf({ metadata, viewport: v }: ResolvedHead): Tag[] {
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
export function elementsOf(tags: Tag[]): ReactNode[] {
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
export const DEFAULT_HEAD = elementsOf(
  tagsOf({ metadata: emptyMetadata(), viewport: resolveViewport([]) }),
)

/**
 * Awaits the tags in the shell. A failure renders the default tags alone (the charset and the
 * viewport every document has): the page shows it (the gate; a screen shown in its place, after
 * a loading.tsx's shell too, brings its own title and noindex tag), or it is logged here (a
 * screen's layouts), or it was already shown (an error.tsx in place of the page).
 */
export async function MetadataOutlet({
  resolved,
  log,
}: {
  resolved: Promise<ResolvedHead>
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
export async function MetadataGate({
  resolved,
}: {
  resolved: Promise<unknown>
}): Promise<ReactNode> {
  await resolved
  return null
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
