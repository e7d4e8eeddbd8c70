// The Metadata API's smaller fields (docs/metadata.md, "Fields"): their types as apps write them
// and as they resolve, named as in Next.js. Resolved by resolve-fields.ts and resolve-social.ts.
import type { Url } from './urls.ts'

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

/** The Smart App Banner (`apple-itunes-app`). */
export interface ItunesApp {
  appId: string
  appArgument?: string
}

export type Facebook =
  | { appId: string; admins?: never }
  | { appId?: never; admins: string | string[] }

export interface ResolvedFacebook {
  appId?: string
  admins?: string[]
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

export type ResolvedAppLinks = {
  [K in keyof AppLinks]?: Extract<NonNullable<AppLinks[K]>, unknown[]>
}

export interface Pagination {
  previous?: Url | null
  next?: Url | null
}

export interface ResolvedPagination {
  previous: string | null
  next: string | null
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
 * types them; kept as given, and written for their type (social-tags.ts).
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

type TwitterAppPlatforms<T> = { iphone?: T; ipad?: T; googleplay?: T }

export interface TwitterAppDescriptor {
  id: TwitterAppPlatforms<string | number>
  url?: TwitterAppPlatforms<Url>
  name?: string
}
