// The Metadata API's fields resolved one by one, as Next.js's resolve-basics.ts and
// resolve-icons.ts do it: robots, icons, alternates and the smaller fields. Pure; merge.ts
// applies them key by key, field-tags.ts writes the results.
import type {
  AppLinks,
  AppleWebApp,
  Facebook,
  ItunesApp,
  Pagination,
  ResolvedAppLinks,
  ResolvedAppleWebApp,
  ResolvedFacebook,
  ResolvedPagination,
  ResolvedVerification,
  Verification,
} from './field-types.ts'
import type { ResolvedIcon, ResolvedMetadata } from './resolved-types.ts'
import type { Alternates, Icon, Icons, Robots, RobotsInfo } from './types.ts'
import {
  resolveLink,
  resolveLinkMap,
  resolveUrl,
  resolveUrlWithPathname,
  type Url,
  type UrlContext,
} from './urls.ts'

/** A value or list as a list: the resolved shape of every list field. */
export const toList = <T>(value: T | readonly T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T]

export function resolveAppleWebApp(value: boolean | AppleWebApp): ResolvedAppleWebApp | null {
  if (value === false) return null
  if (value === true) {
    return { capable: true, title: null, startupImage: null, statusBarStyle: 'default' }
  }
  const images = toList(value.startupImage).map((image) =>
    typeof image === 'string' ? { url: image } : image,
  )
  return {
    capable: 'capable' in value ? Boolean(value.capable) : true,
    title: value.title || null,
    startupImage: images.length > 0 ? images : null,
    statusBarStyle: value.statusBarStyle || 'default',
  }
}

export function resolveItunes(itunes: ItunesApp, base: URL | null, context: UrlContext): ItunesApp {
  return {
    appId: itunes.appId,
    ...(itunes.appArgument
      ? { appArgument: resolveUrlWithPathname(itunes.appArgument, base, context) }
      : {}),
  }
}

export function resolveFacebook(facebook: Facebook | ResolvedFacebook): ResolvedFacebook {
  return {
    ...(facebook.appId ? { appId: facebook.appId } : {}),
    ...(facebook.admins ? { admins: toList(facebook.admins) } : {}),
  }
}

export function resolveVerification(verification: Verification): ResolvedVerification {
  const resolved: ResolvedVerification = {}
  for (const key of ['google', 'yahoo', 'yandex', 'me'] as const) {
    const value = verification[key]
    if (value !== null && value !== undefined) resolved[key] = toList(value)
  }
  if (verification.other) {
    resolved.other = Object.fromEntries(
      Object.entries(verification.other).map(([key, value]) => [key, toList(value)]),
    )
  }
  return resolved
}

/** The platforms in the order Next.js writes them (`al:ios`, … `al:web`). */
export const APP_LINK_PLATFORMS = [
  'ios',
  'iphone',
  'ipad',
  'android',
  'windows_phone',
  'windows',
  'windows_universal',
  'web',
] as const

export function resolveAppLinks(appLinks: AppLinks): ResolvedAppLinks {
  const resolved: Record<string, object[]> = {}
  for (const platform of APP_LINK_PLATFORMS) {
    const value = appLinks[platform]
    if (value) resolved[platform] = toList<object>(value)
  }
  return resolved as ResolvedAppLinks
}

export function resolvePagination(
  pagination: Pagination,
  base: URL | null,
  context: UrlContext,
): ResolvedPagination {
  const resolve = (url: Url | null | undefined) =>
    url ? resolveUrlWithPathname(url, base, context) : null
  return { previous: resolve(pagination.previous), next: resolve(pagination.next) }
}

/** The directives after index and follow, in the order Next.js writes them. */
const ROBOTS_KEYS = [
  'noarchive',
  'nosnippet',
  'noimageindex',
  'nocache',
  'notranslate',
  'indexifembedded',
  'nositelinkssearchbox',
  'unavailable_after',
  'max-video-preview',
  'max-image-preview',
  'max-snippet',
] as const

function robotsContent(info: RobotsInfo): string | null {
  const parts: string[] = []
  if (info.index !== undefined) parts.push(info.index ? 'index' : 'noindex')
  if (info.follow !== undefined) parts.push(info.follow ? 'follow' : 'nofollow')
  for (const key of ROBOTS_KEYS) {
    const value = info[key]
    if (value === undefined || value === false) continue
    parts.push(value === true ? key : `${key}:${value}`)
  }
  return parts.length > 0 ? parts.join(', ') : null
}

export function resolveRobots(robots: string | Robots): ResolvedMetadata['robots'] {
  if (typeof robots === 'string') return { basic: robots, googleBot: null }
  const { googleBot } = robots
  return {
    basic: robotsContent(robots),
    googleBot:
      googleBot === undefined
        ? null
        : typeof googleBot === 'string'
          ? googleBot
          : robotsContent(googleBot),
  }
}

function resolveIcon(icon: Icon, base: URL | null, rel?: string): ResolvedIcon {
  if (typeof icon === 'string' || icon instanceof URL) {
    return { url: resolveUrl(icon, base), ...(rel ? { rel } : {}) }
  }
  const { url, ...rest } = icon
  return { ...(rel ? { rel } : {}), ...rest, url: resolveUrl(url, base) }
}

export function resolveIcons(
  icons: Icons,
  base: URL | null,
): NonNullable<ResolvedMetadata['icons']> {
  const isGrouped =
    typeof icons === 'object' &&
    !(icons instanceof URL) &&
    !Array.isArray(icons) &&
    !('url' in icons)
  const grouped = isGrouped ? icons : { icon: icons as Icon | Icon[] }
  return {
    icon: toList(grouped.icon).map((icon) => resolveIcon(icon, base)),
    apple: toList(grouped.apple).map((icon) => resolveIcon(icon, base)),
    shortcut: toList(grouped.shortcut).map((icon) => resolveIcon(icon, base)),
    other: toList(grouped.other).map((icon) => resolveIcon(icon, base, icon.rel)),
  }
}

export function resolveAlternates(
  alternates: Alternates,
  base: URL | null,
  context: UrlContext,
): NonNullable<ResolvedMetadata['alternates']> {
  const { canonical } = alternates
  return {
    canonical:
      canonical === null || canonical === undefined ? null : resolveLink(canonical, base, context),
    languages: resolveLinkMap(alternates.languages, base, context),
    media: resolveLinkMap(alternates.media, base, context),
    types: resolveLinkMap(alternates.types, base, context),
  }
}
