// The resolved metadata as tags (docs/metadata.md, "Fields"), group by group as Next.js's
// generate/*.tsx write them (basic.tsx, alternate.tsx, opengraph.tsx, icons.tsx): each returns
// plain [type, attributes] pairs in Next's order; server/metadata-tags.tsx puts the groups in
// order and makes elements of them.

import type { ResolvedMetadata } from './metadata.ts'
import { APP_LINK_PLATFORMS, type OpenGraphTyped, toList } from './metadata-fields.ts'
import type { ResolvedLink } from './metadata-urls.ts'

export type Tag =
  | ['title', string]
  | ['meta', Record<string, string>]
  | ['link', Record<string, string>]

type Content = string | number | boolean | null | undefined

/** A `<meta>` with `content`, or nothing when there is no content. */
function meta(attribute: 'name' | 'property', key: string, content: Content): Tag[] {
  return content === null || content === undefined || content === ''
    ? []
    : [['meta', { [attribute]: key, content: String(content) }]]
}

export const metaName = (name: string, content: Content) => meta('name', name, content)
export const metaProperty = (property: string, content: Content) =>
  meta('property', property, content)

const link = (attributes: Record<string, string>): Tag => ['link', attributes]

/** `og:image`'s `url` is `og:image` itself, as are Twitter's, video's and audio's (Next.js). */
const URL_ALIASED = new Set(['og:image', 'twitter:image', 'og:video', 'og:audio'])

/** Next.js's getMetaKey: `og:`/`twitter:` keys in snake case (`secureUrl` → `secure_url`). */
function metaKey(prefix: string, key: string): string {
  if (URL_ALIASED.has(prefix) && key === 'url') return prefix
  const snake =
    prefix.startsWith('og:') || prefix.startsWith('twitter:')
      ? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
      : key
  return `${prefix}:${snake}`
}

/**
 * Next.js's MultiMeta: a plain value is one tag named `prefix`; an object is one tag per key, in
 * the order its keys were given (`og:image`, then `og:image:width`, …).
 */
function multi(
  attribute: 'name' | 'property',
  prefix: string,
  contents: readonly (Content | object)[] | null | undefined,
): Tag[] {
  return (contents ?? []).flatMap((content) => {
    if (content === null || typeof content !== 'object' || content instanceof URL) {
      return meta(attribute, prefix, content === null ? null : String(content))
    }
    return Object.entries(content).flatMap(([key, value]) =>
      meta(attribute, metaKey(prefix, key), value === undefined ? undefined : String(value)),
    )
  })
}

/** basic.tsx's BasicMeta: the title, then the named tags, with the manifest and the links. */
export function basicTags(m: ResolvedMetadata): Tag[] {
  const tags: Tag[] = []
  if (m.title?.absolute) tags.push(['title', m.title.absolute])
  tags.push(...metaName('description', m.description))
  tags.push(...metaName('application-name', m.applicationName))
  for (const { name, url } of m.authors ?? []) {
    if (url) tags.push(link({ rel: 'author', href: url }))
    tags.push(...metaName('author', name))
  }
  if (m.manifest) tags.push(link({ rel: 'manifest', href: m.manifest }))
  tags.push(...metaName('generator', m.generator))
  tags.push(...metaName('keywords', m.keywords?.join(',')))
  tags.push(...metaName('referrer', m.referrer))
  tags.push(...metaName('creator', m.creator))
  tags.push(...metaName('publisher', m.publisher))
  tags.push(...metaName('robots', m.robots?.basic))
  tags.push(...metaName('googlebot', m.robots?.googleBot))
  tags.push(...metaName('abstract', m.abstract))
  for (const rel of ['archives', 'assets', 'bookmarks'] as const) {
    for (const href of m[rel] ?? []) tags.push(link({ rel, href }))
  }
  if (m.pagination?.previous) tags.push(link({ rel: 'prev', href: m.pagination.previous }))
  if (m.pagination?.next) tags.push(link({ rel: 'next', href: m.pagination.next }))
  tags.push(...metaName('category', m.category))
  tags.push(...metaName('classification', m.classification))
  for (const [name, value] of Object.entries(m.other ?? {})) {
    for (const content of Array.isArray(value) ? value : [value]) {
      tags.push(...metaName(name, content))
    }
  }
  return tags
}

function alternateLinks(
  attributes: Record<string, string>,
  links: readonly ResolvedLink[] | undefined,
): Tag[] {
  return (links ?? []).map(({ title, url }) =>
    link({ ...attributes, ...(title ? { title } : {}), href: url }),
  )
}

/** alternate.tsx: canonical, then the languages, media and types, each key's links in order. */
export function alternateTags(alternates: ResolvedMetadata['alternates']): Tag[] {
  if (!alternates) return []
  const { canonical, languages, media, types } = alternates
  return [
    ...(canonical?.url ? alternateLinks({ rel: 'canonical' }, [canonical]) : []),
    ...Object.entries(languages ?? {}).flatMap(([hrefLang, links]) =>
      alternateLinks({ rel: 'alternate', hrefLang }, links),
    ),
    ...Object.entries(media ?? {}).flatMap(([query, links]) =>
      alternateLinks({ rel: 'alternate', media: query }, links),
    ),
    ...Object.entries(types ?? {}).flatMap(([type, links]) =>
      alternateLinks({ rel: 'alternate', type }, links),
    ),
  ]
}

const FORMAT_DETECTION_KEYS = ['telephone', 'date', 'address', 'email', 'url'] as const

/**
 * basic.tsx's ItunesMeta, FacebookMeta, PinterestMeta, FormatDetectionMeta and VerificationMeta,
 * in that order (between the alternates and Open Graph).
 */
export function platformTags(m: ResolvedMetadata): Tag[] {
  const tags: Tag[] = []
  if (m.itunes) {
    const { appId, appArgument } = m.itunes
    const content = `app-id=${appId}${appArgument ? `, app-argument=${appArgument}` : ''}`
    tags.push(...metaName('apple-itunes-app', content))
  }
  if (m.facebook) {
    tags.push(...metaProperty('fb:app_id', m.facebook.appId))
    tags.push(...multi('property', 'fb:admins', m.facebook.admins))
  }
  if (m.pinterest?.richPin) {
    tags.push(...metaProperty('pinterest-rich-pin', String(m.pinterest.richPin)))
  }
  if (m.formatDetection) {
    const detection = m.formatDetection
    // `false` turns detection off; `true` is the browser's default and writes nothing.
    const off = FORMAT_DETECTION_KEYS.filter((key) => detection[key] === false)
    tags.push(...metaName('format-detection', off.map((key) => `${key}=no`).join(', ')))
  }
  const verification = m.verification
  if (verification) {
    tags.push(...multi('name', 'google-site-verification', verification.google))
    tags.push(...multi('name', 'y_key', verification.yahoo))
    tags.push(...multi('name', 'yandex-verification', verification.yandex))
    tags.push(...multi('name', 'me', verification.me))
    for (const [name, values] of Object.entries(verification.other ?? {})) {
      tags.push(...multi('name', name, values))
    }
  }
  return tags
}

/** basic.tsx's AppleWebAppMeta. */
export function appleWebAppTags(appleWebApp: ResolvedMetadata['appleWebApp']): Tag[] {
  if (!appleWebApp) return []
  const { capable, title, startupImage, statusBarStyle } = appleWebApp
  return [
    ...(capable ? metaName('mobile-web-app-capable', 'yes') : []),
    ...metaName('apple-mobile-web-app-title', title),
    ...(startupImage ?? []).map(({ url, media }) =>
      link({ href: url, ...(media ? { media } : {}), rel: 'apple-touch-startup-image' }),
    ),
    ...metaName('apple-mobile-web-app-status-bar-style', statusBarStyle),
  ]
}

/** A list field of a typed Open Graph, as MultiMeta's contents. */
const list = (
  og: OpenGraphTyped,
  key: 'albums' | 'songs' | 'musicians' | 'creators' | 'actors' | 'directors' | 'writers',
) => toList<unknown>(og[key]) as (Content | object)[]

const videoTags = (og: OpenGraphTyped): Tag[] => [
  ...multi('property', 'video:actor', list(og, 'actors')),
  ...multi('property', 'video:director', list(og, 'directors')),
  ...multi('property', 'video:writer', list(og, 'writers')),
  ...metaProperty('video:duration', og.duration),
  ...metaProperty('video:release_date', og.releaseDate),
]

/** The tags of Open Graph's types after `og:type`, as opengraph.tsx writes them. */
function typedTags(og: NonNullable<ResolvedMetadata['openGraph']>): Tag[] {
  switch (og.type) {
    case 'article':
      return [
        ...metaProperty('article:published_time', og.publishedTime),
        ...metaProperty('article:modified_time', og.modifiedTime),
        ...metaProperty('article:expiration_time', og.expirationTime),
        ...multi('property', 'article:author', og.authors),
        ...metaProperty('article:section', og.section),
        ...multi('property', 'article:tag', og.tags),
      ]
    case 'book':
      return [
        ...metaProperty('book:isbn', og.isbn),
        ...metaProperty('book:release_date', og.releaseDate),
        ...multi('property', 'book:author', og.authors),
        ...multi('property', 'book:tag', og.tags),
      ]
    case 'profile':
      return [
        ...metaProperty('profile:first_name', og.firstName),
        ...metaProperty('profile:last_name', og.lastName),
        ...metaProperty('profile:username', og.username),
        ...metaProperty('profile:gender', og.gender),
      ]
    case 'music.song':
      return [
        ...metaProperty('music:duration', og.duration),
        ...multi('property', 'music:album', list(og, 'albums')),
        ...multi('property', 'music:musician', list(og, 'musicians')),
      ]
    case 'music.album':
      return [
        ...multi('property', 'music:song', list(og, 'songs')),
        ...multi('property', 'music:musician', list(og, 'musicians')),
        ...metaProperty('music:release_date', og.releaseDate),
      ]
    case 'music.playlist':
      return [
        ...multi('property', 'music:song', list(og, 'songs')),
        ...multi('property', 'music:creator', list(og, 'creators')),
      ]
    case 'music.radio_station':
      return multi('property', 'music:creator', list(og, 'creators'))
    case 'video.movie':
      return [...videoTags(og), ...multi('property', 'video:tag', og.tags)]
    case 'video.episode':
      return [
        ...videoTags(og),
        ...multi('property', 'video:tag', og.tags),
        ...metaProperty('video:series', og.series),
      ]
    default:
      return []
  }
}

/** opengraph.tsx's OpenGraphMetadata: the common tags, then `og:type` and its type's own. */
export function openGraphTags(og: ResolvedMetadata['openGraph']): Tag[] {
  if (!og) return []
  const tags: Tag[] = [
    ...metaProperty('og:determiner', og.determiner),
    ...metaProperty('og:title', og.title?.absolute),
    ...metaProperty('og:description', og.description),
    ...metaProperty('og:url', og.url),
    ...metaProperty('og:site_name', og.siteName),
    ...metaProperty('og:locale', og.locale),
    ...metaProperty('og:country_name', og.countryName),
    ...metaProperty('og:ttl', og.ttl),
    ...multi('property', 'og:image', og.images),
    ...multi('property', 'og:video', og.videos),
    ...multi('property', 'og:audio', og.audio),
    ...multi('property', 'og:email', og.emails),
    ...multi('property', 'og:phone_number', og.phoneNumbers),
    ...multi('property', 'og:fax_number', og.faxNumbers),
    ...multi('property', 'og:locale:alternate', og.alternateLocale),
    ...metaProperty('og:type', og.type),
  ]
  return [...tags, ...typedTags(og)]
}

const TWITTER_APP_PLATFORMS = ['iphone', 'ipad', 'googleplay'] as const

/** opengraph.tsx's TwitterMetadata, with the `player` and `app` cards' tags. */
export function twitterTags(tw: ResolvedMetadata['twitter']): Tag[] {
  if (!tw) return []
  const tags: Tag[] = [
    ...metaName('twitter:card', tw.card),
    ...metaName('twitter:site', tw.site),
    ...metaName('twitter:site:id', tw.siteId),
    ...metaName('twitter:creator', tw.creator),
    ...metaName('twitter:creator:id', tw.creatorId),
    ...metaName('twitter:title', tw.title?.absolute),
    ...metaName('twitter:description', tw.description),
    ...multi('name', 'twitter:image', tw.images),
  ]
  if (tw.card === 'player') {
    for (const player of tw.players) {
      tags.push(...metaName('twitter:player', player.playerUrl))
      tags.push(...metaName('twitter:player:stream', player.streamUrl))
      tags.push(...metaName('twitter:player:width', player.width))
      tags.push(...metaName('twitter:player:height', player.height))
    }
  }
  if (tw.card === 'app' && tw.app) {
    const { name, id, url } = tw.app
    for (const platform of TWITTER_APP_PLATFORMS) {
      tags.push(...metaName(`twitter:app:name:${platform}`, name))
      tags.push(...metaName(`twitter:app:id:${platform}`, id[platform]))
      tags.push(...metaName(`twitter:app:url:${platform}`, url?.[platform]?.toString()))
    }
  }
  return tags
}

/** basic.tsx's AppLinksMeta: `al:ios:url`, `al:ios:app_store_id`, …, platform by platform. */
export function appLinksTags(appLinks: ResolvedMetadata['appLinks']): Tag[] {
  if (!appLinks) return []
  return APP_LINK_PLATFORMS.flatMap((platform) =>
    multi('property', `al:${platform}`, appLinks[platform]),
  )
}

/** icons.tsx's IconsMetadata: shortcut, icon, apple, then the others with their own `rel`. */
export function iconTags(icons: ResolvedMetadata['icons']): Tag[] {
  if (!icons) return []
  const kinds = [
    [icons.shortcut, 'shortcut icon'],
    [icons.icon, 'icon'],
    [icons.apple, 'apple-touch-icon'],
    [icons.other, 'icon'],
  ] as const
  return kinds.flatMap(([list, defaultRel]) =>
    list.map(({ url, rel, ...rest }) => link({ rel: rel ?? defaultRel, href: url, ...rest })),
  )
}
