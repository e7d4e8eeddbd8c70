// Open Graph and Twitter's tags, as Next.js's generate/opengraph.tsx writes them: the common tags,
// then those of the Open Graph type (`article`, `book`, `music.*`, `video.*`) and the Twitter card.
import type { OpenGraphTyped } from './field-types.ts'
import { toList } from './resolve-fields.ts'
import type { ResolvedMetadata } from './resolved-types.ts'
import { type Content, metaName, metaProperty, multi, type Tag } from './tag-builders.ts'

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
