// The Metadata API's types as apps write them (docs/metadata.md): what a layout or page exports
// as `metadata` and `viewport` (or returns from `generateMetadata` / `generateViewport`), named as
// in Next.js so that an import only needs renaming. Their resolved shapes: resolved-types.ts.
import type {
  AppLinks,
  AppleWebApp,
  Facebook,
  FormatDetection,
  ItunesApp,
  OGMedia,
  OpenGraphTyped,
  Pagination,
  Pinterest,
  TwitterAppDescriptor,
  TwitterPlayerDescriptor,
  Verification,
} from './field-types.ts'
import type { AlternateLinkDescriptor, Url } from './urls.ts'

/** A title as a segment gives it: `template` applies to the titles of the segments below. */
export type TemplateString =
  | string
  | { default: string; template?: string | null }
  | { absolute: string; template?: string | null }

export interface Author {
  name?: string
  url?: Url
}

export interface RobotsInfo {
  index?: boolean
  follow?: boolean
  noarchive?: boolean
  nosnippet?: boolean
  noimageindex?: boolean
  nocache?: boolean
  notranslate?: boolean
  indexifembedded?: boolean
  nositelinkssearchbox?: boolean
  unavailable_after?: string
  'max-snippet'?: number
  'max-image-preview'?: 'none' | 'standard' | 'large'
  'max-video-preview'?: number | string
}

export interface Robots extends RobotsInfo {
  googleBot?: string | RobotsInfo
}

export interface IconDescriptor {
  url: Url
  type?: string
  sizes?: string
  color?: string
  rel?: string
  media?: string
  fetchPriority?: 'high' | 'low' | 'auto'
}

export type Icon = Url | IconDescriptor

export type Icons =
  | Icon
  | Icon[]
  | {
      icon?: Icon | Icon[]
      shortcut?: Icon | Icon[]
      apple?: Icon | Icon[]
      other?: IconDescriptor | IconDescriptor[]
    }

export interface ImageDescriptor {
  url: Url
  secureUrl?: Url
  alt?: string
  type?: string
  width?: string | number
  height?: string | number
}

export type Image = Url | ImageDescriptor

/**
 * `null` is accepted wherever the resolved shape has it, so that `(await parent).openGraph`
 * spreads back into a child's metadata, as in Next.js.
 */
export interface OpenGraph extends OpenGraphTyped {
  determiner?: 'a' | 'an' | 'the' | 'auto' | '' | null
  title?: TemplateString | null
  description?: string | null
  url?: Url | null
  siteName?: string | null
  locale?: string | null
  alternateLocale?: string | string[] | null
  countryName?: string | null
  ttl?: number | null
  type?: string | null
  images?: Image | Image[] | null
  audio?: OGMedia | OGMedia[] | null
  videos?: OGMedia | OGMedia[] | null
  emails?: string | string[] | null
  phoneNumbers?: string | string[] | null
  faxNumbers?: string | string[] | null
  publishedTime?: string | null
  modifiedTime?: string | null
  expirationTime?: string | null
  authors?: Url | Url[] | null
  section?: string | null
  tags?: string | string[] | null
}

export type TwitterCard = 'summary' | 'summary_large_image' | 'app' | 'player'

export interface Twitter {
  card?: TwitterCard
  site?: string | null
  siteId?: string | null
  creator?: string | null
  creatorId?: string | null
  title?: TemplateString | null
  description?: string | null
  images?: Image | Image[] | null
  /** For `card: 'player'`. */
  players?: TwitterPlayerDescriptor | TwitterPlayerDescriptor[] | null
  /** For `card: 'app'`. */
  app?: TwitterAppDescriptor | null
}

/** Each alternate: a URL, or (as Next.js allows) a list of `{ title, url }`. */
type AlternateUrls = Record<string, Url | AlternateLinkDescriptor[] | null | undefined>

export interface Alternates {
  canonical?: Url | AlternateLinkDescriptor | null
  languages?: AlternateUrls | null
  media?: AlternateUrls | null
  types?: AlternateUrls | null
}

/** What a layout or page exports as `metadata`, or returns from `generateMetadata`. */
export interface Metadata {
  /** The base that relative URLs (canonical, Open Graph, Twitter, icons) resolve against. */
  metadataBase?: URL | string | null
  title?: TemplateString | null
  description?: string | null
  applicationName?: string | null
  authors?: Author | Author[] | null
  generator?: string | null
  keywords?: string | string[] | null
  referrer?: string | null
  creator?: string | null
  publisher?: string | null
  category?: string | null
  classification?: string | null
  robots?: string | Robots | null
  alternates?: Alternates | null
  icons?: Icons | null
  openGraph?: OpenGraph | null
  twitter?: Twitter | null
  /** Further `<meta name content>` tags. */
  other?: Record<string, string | number | (string | number)[]> | null
  abstract?: string | null
  archives?: string | string[] | null
  assets?: string | string[] | null
  bookmarks?: string | string[] | null
  manifest?: Url | null
  pagination?: Pagination | null
  formatDetection?: FormatDetection | null
  appleWebApp?: boolean | AppleWebApp | null
  itunes?: ItunesApp | null
  facebook?: Facebook | null
  pinterest?: Pinterest | null
  verification?: Verification | null
  appLinks?: AppLinks | null
}

export interface ThemeColorDescriptor {
  color: string
  media?: string
}

/** What a layout or page exports as `viewport`, or returns from `generateViewport`. */
export interface Viewport {
  width?: string | number
  height?: string | number
  initialScale?: number
  minimumScale?: number
  maximumScale?: number
  userScalable?: boolean
  viewportFit?: 'auto' | 'cover' | 'contain'
  interactiveWidget?: 'resizes-visual' | 'resizes-content' | 'overlays-content'
  themeColor?: string | ThemeColorDescriptor | ThemeColorDescriptor[] | null
  colorScheme?: 'normal' | 'light' | 'dark' | 'light dark' | 'dark light' | 'only light' | null
}
