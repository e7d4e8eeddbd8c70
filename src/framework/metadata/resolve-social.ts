// Open Graph and Twitter cards resolved as Next.js does (resolve-opengraph.ts): images against
// `metadataBase`, titles with their templates, and Twitter's fields defaulting to Open Graph's.
// Pure; merge.ts applies them, social-tags.ts writes the results.
import type {
  OGMedia,
  OpenGraphTyped,
  ResolvedOGMedia,
  ResolvedTwitterPlayer,
  TwitterPlayerDescriptor,
} from './field-types.ts'
import { toList } from './resolve-fields.ts'
import type {
  ResolvedImage,
  ResolvedMetadata,
  ResolvedOpenGraph,
  ResolvedTwitter,
} from './resolved-types.ts'
import { resolveTitle } from './titles.ts'
import type { Image, OpenGraph, Twitter } from './types.ts'
import { resolveUrl, resolveUrlWithPathname, type UrlContext } from './urls.ts'

function resolveMedia(media: OGMedia | OGMedia[] | null | undefined): ResolvedOGMedia[] {
  return toList(media).map((item) => {
    if (typeof item === 'string' || item instanceof URL) return { url: String(item) }
    const { secureUrl } = item
    return {
      ...item,
      url: String(item.url),
      secureUrl: secureUrl === undefined ? undefined : String(secureUrl),
    }
  })
}

const OPEN_GRAPH_TYPED_KEYS = [
  'isbn',
  'releaseDate',
  'firstName',
  'lastName',
  'username',
  'gender',
  'duration',
  'albums',
  'songs',
  'musicians',
  'creators',
  'actors',
  'directors',
  'writers',
  'series',
] as const satisfies readonly (keyof OpenGraphTyped)[]

function pickOpenGraphTyped(og: OpenGraphTyped): OpenGraphTyped {
  const picked: Record<string, unknown> = {}
  for (const key of OPEN_GRAPH_TYPED_KEYS) {
    if (og[key] !== undefined && og[key] !== null) picked[key] = og[key]
  }
  return picked as OpenGraphTyped
}

function resolvePlayers(
  players: TwitterPlayerDescriptor | TwitterPlayerDescriptor[] | null | undefined,
): ResolvedTwitterPlayer[] {
  return toList(players).map(({ playerUrl, streamUrl, width, height }) => ({
    playerUrl: String(playerUrl),
    ...(streamUrl === undefined ? {} : { streamUrl: String(streamUrl) }),
    width,
    height,
  }))
}

function resolveImages(
  images: Image | Image[] | null | undefined,
  base: URL | null,
): ResolvedImage[] {
  return toList(images).map((image) => {
    if (typeof image === 'string' || image instanceof URL) return { url: resolveUrl(image, base) }
    // The keys keep the order they were given in: Next.js writes an image's tags in that order.
    const { secureUrl } = image
    return {
      ...image,
      url: resolveUrl(image.url, base),
      secureUrl: secureUrl === undefined ? undefined : resolveUrl(secureUrl, base),
    }
  })
}

export function resolveOpenGraph(
  og: OpenGraph,
  base: URL | null,
  template: string | null,
  context: UrlContext,
): ResolvedOpenGraph {
  return {
    title: resolveTitle(og.title, template),
    description: og.description ?? null,
    url:
      og.url === null || og.url === undefined
        ? null
        : resolveUrlWithPathname(og.url, base, context),
    siteName: og.siteName ?? null,
    locale: og.locale ?? null,
    type: og.type ?? null,
    determiner: og.determiner ?? null,
    alternateLocale: toList(og.alternateLocale),
    countryName: og.countryName ?? null,
    ttl: og.ttl ?? null,
    images: resolveImages(og.images, base),
    audio: resolveMedia(og.audio),
    videos: resolveMedia(og.videos),
    emails: toList(og.emails),
    phoneNumbers: toList(og.phoneNumbers),
    faxNumbers: toList(og.faxNumbers),
    publishedTime: og.publishedTime ?? null,
    modifiedTime: og.modifiedTime ?? null,
    expirationTime: og.expirationTime ?? null,
    authors: toList(og.authors).map(String),
    ...pickOpenGraphTyped(og),
    section: og.section ?? null,
    tags: toList(og.tags),
  }
}

export function resolveTwitter(
  tw: Twitter,
  base: URL | null,
  template: string | null,
): ResolvedTwitter {
  const images = resolveImages(tw.images, base)
  return {
    card: tw.card ?? (images.length > 0 ? 'summary_large_image' : 'summary'),
    site: tw.site ?? null,
    siteId: tw.siteId ?? null,
    creator: tw.creator ?? null,
    creatorId: tw.creatorId ?? null,
    title: resolveTitle(tw.title, template),
    description: tw.description ?? null,
    images,
    players: resolvePlayers(tw.players),
    app: tw.app ?? null,
  }
}

/**
 * The last step before the tags, as Next.js does it: Twitter's title, description and images
 * default to Open Graph's (a page that sets `openGraph` alone gets Twitter cards too).
 */
export function withTwitterFromOpenGraph(metadata: ResolvedMetadata): ResolvedMetadata {
  const og = metadata.openGraph
  if (!og) return metadata
  const tw = metadata.twitter
  const images = tw && tw.images.length > 0 ? tw.images : og.images
  return {
    ...metadata,
    twitter: {
      card: tw?.card ?? (images.length > 0 ? 'summary_large_image' : 'summary'),
      site: tw?.site ?? null,
      siteId: tw?.siteId ?? null,
      creator: tw?.creator ?? null,
      creatorId: tw?.creatorId ?? null,
      title: tw?.title ?? og.title,
      description: tw?.description ?? og.description,
      images,
      players: tw?.players ?? [],
      app: tw?.app ?? null,
    },
  }
}
