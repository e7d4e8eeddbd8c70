// The Metadata API's smaller fields (docs/metadata.md, "Fields"): their types, named as in
// Next.js, and their resolution as Next.js's resolve-basics.ts does it. Pure; merged by
// server/metadata.ts, written by server/metadata-field-tags.ts.
import { resolveUrlWithPathname, type Url, type UrlContext } from './metadata-urls.ts'

/** A value or list as a list: the resolved shape of every list field. */
export const toList = <T>(value: T | readonly T[] | null | undefined): T[] =>
  value === null || value === undefined ? [] : Array.isArray(value) ? [...value] : [value as T]

/** Telephone numbers, dates, … that Safari on iOS should not turn into links. */
export interface FormatDetection {
  telephone?: boolean
  date?: boolean
  address?: boolean
  email?: boolean
  url?: boolean
}

export interface AppleImageDescriptor {
  url: string
  media?: string
}

export type AppleImage = string | AppleImageDescriptor

export interface AppleWebApp {
  capable?: boolean
  title?: string | null
  startupImage?: AppleImage | AppleImage[] | null
  statusBarStyle?: 'default' | 'black' | 'black-translucent'
}

export interface ResolvedAppleWebApp {
  capable: boolean
  title: string | null
  startupImage: AppleImageDescriptor[] | null
  statusBarStyle: 'default' | 'black' | 'black-translucent'
}

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

/** The Smart App Banner (`apple-itunes-app`). */
export interface ItunesApp {
  appId: string
  appArgument?: string
}

export function resolveItunes(itunes: ItunesApp, base: URL | null, context: UrlContext): ItunesApp {
  return {
    appId: itunes.appId,
    ...(itunes.appArgument
      ? { appArgument: resolveUrlWithPathname(itunes.appArgument, base, context) }
      : {}),
  }
}

export type Facebook =
  | { appId: string; admins?: never }
  | { appId?: never; admins: string | string[] }

export interface ResolvedFacebook {
  appId?: string
  admins?: string[]
}

export function resolveFacebook(facebook: Facebook | ResolvedFacebook): ResolvedFacebook {
  return {
    ...(facebook.appId ? { appId: facebook.appId } : {}),
    ...(facebook.admins ? { admins: toList(facebook.admins) } : {}),
  }
}

export interface Pinterest {
  richPin: string | boolean
}

type VerificationValue = string | number | (string | number)[]

export interface Verification {
  google?: null | VerificationValue
  yahoo?: null | VerificationValue
  yandex?: null | VerificationValue
  me?: null | VerificationValue
  other?: Record<string, VerificationValue>
}

export interface ResolvedVerification {
  google?: (string | number)[]
  yahoo?: (string | number)[]
  yandex?: (string | number)[]
  me?: (string | number)[]
  other?: Record<string, (string | number)[]>
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

interface AppLinksApple {
  url: Url
  app_store_id?: string | number
  app_name?: string
}

interface AppLinksAndroid {
  package: string
  url?: Url
  class?: string
  app_name?: string
}

interface AppLinksWindows {
  url: Url
  app_id?: string
  app_name?: string
}

interface AppLinksWeb {
  url: Url
  should_fallback?: boolean
}

export interface AppLinks {
  ios?: AppLinksApple | AppLinksApple[]
  iphone?: AppLinksApple | AppLinksApple[]
  ipad?: AppLinksApple | AppLinksApple[]
  android?: AppLinksAndroid | AppLinksAndroid[]
  windows_phone?: AppLinksWindows | AppLinksWindows[]
  windows?: AppLinksWindows | AppLinksWindows[]
  windows_universal?: AppLinksWindows | AppLinksWindows[]
  web?: AppLinksWeb | AppLinksWeb[]
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

export type ResolvedAppLinks = {
  [K in keyof AppLinks]?: Extract<NonNullable<AppLinks[K]>, unknown[]>
}

export function resolveAppLinks(appLinks: AppLinks): ResolvedAppLinks {
  const resolved: Record<string, object[]> = {}
  for (const platform of APP_LINK_PLATFORMS) {
    const value = appLinks[platform]
    if (value) resolved[platform] = toList<object>(value)
  }
  return resolved as ResolvedAppLinks
}

export interface Pagination {
  previous?: Url | null
  next?: Url | null
}

export interface ResolvedPagination {
  previous: string | null
  next: string | null
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

/** Open Graph's audio and videos: written as given, as Next.js does (only images are resolved). */
export interface OGMediaDescriptor {
  url: Url
  secureUrl?: Url
  type?: string
  width?: string | number
  height?: string | number
}

export type OGMedia = Url | OGMediaDescriptor

export interface ResolvedOGMedia {
  url: string
  secureUrl?: string
  type?: string
  width?: string | number
  height?: string | number
}

export function resolveMedia(media: OGMedia | OGMedia[] | null | undefined): ResolvedOGMedia[] {
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

interface OGAlbum {
  url: Url
  disc?: number
  track?: number
}

interface OGActor {
  url: Url
  role?: string
}

type OGList<T> = T | T[] | null

/**
 * The fields of Open Graph's other types (`book`, `profile`, `music.*`, `video.*`), as Next.js
 * types them; kept as given, and written for their type (server/metadata-field-tags.ts).
 */
export interface OpenGraphTyped {
  isbn?: string | null
  releaseDate?: string | null
  firstName?: string | null
  lastName?: string | null
  username?: string | null
  gender?: string | null
  duration?: number | null
  albums?: OGList<Url | OGAlbum>
  songs?: OGList<Url | OGAlbum>
  musicians?: OGList<Url>
  creators?: OGList<Url>
  actors?: OGList<Url | OGActor>
  directors?: OGList<Url>
  writers?: OGList<Url>
  series?: string | null
}

export const OPEN_GRAPH_TYPED_KEYS = [
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

export function pickOpenGraphTyped(og: OpenGraphTyped): OpenGraphTyped {
  const picked: Record<string, unknown> = {}
  for (const key of OPEN_GRAPH_TYPED_KEYS) {
    if (og[key] !== undefined && og[key] !== null) picked[key] = og[key]
  }
  return picked as OpenGraphTyped
}

export interface TwitterPlayerDescriptor {
  playerUrl: Url
  streamUrl?: Url
  width: number
  height: number
}

export interface ResolvedTwitterPlayer {
  playerUrl: string
  streamUrl?: string
  width: number
  height: number
}

export function resolvePlayers(
  players: TwitterPlayerDescriptor | TwitterPlayerDescriptor[] | null | undefined,
): ResolvedTwitterPlayer[] {
  return toList(players).map(({ playerUrl, streamUrl, width, height }) => ({
    playerUrl: String(playerUrl),
    ...(streamUrl === undefined ? {} : { streamUrl: String(streamUrl) }),
    width,
    height,
  }))
}

type TwitterAppPlatforms<T> = { iphone?: T; ipad?: T; googleplay?: T }

export interface TwitterAppDescriptor {
  id: TwitterAppPlatforms<string | number>
  url?: TwitterAppPlatforms<Url>
  name?: string
}
