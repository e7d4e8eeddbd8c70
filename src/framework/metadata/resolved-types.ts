// The Metadata API's resolved shapes (docs/metadata.md): a route's segments merged into one
// metadata and one viewport, what `parent` resolves to in `generateMetadata` and what is rendered.
import type {
  FormatDetection,
  ItunesApp,
  OpenGraphTyped,
  Pinterest,
  ResolvedAppLinks,
  ResolvedAppleWebApp,
  ResolvedFacebook,
  ResolvedOGMedia,
  ResolvedPagination,
  ResolvedTwitterPlayer,
  ResolvedVerification,
  TwitterAppDescriptor,
} from './field-types.ts'
import type { OpenGraph, ThemeColorDescriptor, TwitterCard } from './types.ts'
import type { ResolvedLink } from './urls.ts'

export interface ResolvedTitle {
  absolute: string
  template: string | null
}

export interface ResolvedImage {
  url: string
  secureUrl?: string
  alt?: string
  type?: string
  width?: string | number
  height?: string | number
}

export interface ResolvedIcon {
  url: string
  rel?: string
  type?: string
  sizes?: string
  color?: string
  media?: string
  fetchPriority?: 'high' | 'low' | 'auto'
}

export interface ResolvedOpenGraph extends OpenGraphTyped {
  title: ResolvedTitle | null
  description: string | null
  url: string | null
  siteName: string | null
  locale: string | null
  type: string | null
  determiner: OpenGraph['determiner']
  alternateLocale: string[]
  countryName: string | null
  ttl: number | null
  images: ResolvedImage[]
  audio: ResolvedOGMedia[]
  videos: ResolvedOGMedia[]
  emails: string[]
  phoneNumbers: string[]
  faxNumbers: string[]
  publishedTime: string | null
  modifiedTime: string | null
  expirationTime: string | null
  authors: string[]
  section: string | null
  tags: string[]
}

export interface ResolvedTwitter {
  card: TwitterCard
  site: string | null
  siteId: string | null
  creator: string | null
  creatorId: string | null
  title: ResolvedTitle | null
  description: string | null
  images: ResolvedImage[]
  players: ResolvedTwitterPlayer[]
  app: TwitterAppDescriptor | null
}

/** The metadata of a route's segments merged: what `parent` resolves to, and what is rendered. */
export interface ResolvedMetadata {
  metadataBase: URL | null
  title: ResolvedTitle | null
  description: string | null
  applicationName: string | null
  authors: { name?: string; url?: string }[] | null
  generator: string | null
  keywords: string[] | null
  referrer: string | null
  creator: string | null
  publisher: string | null
  category: string | null
  classification: string | null
  robots: { basic: string | null; googleBot: string | null } | null
  alternates: {
    canonical: ResolvedLink | null
    languages: Record<string, ResolvedLink[]> | null
    media: Record<string, ResolvedLink[]> | null
    types: Record<string, ResolvedLink[]> | null
  } | null
  icons: {
    icon: ResolvedIcon[]
    apple: ResolvedIcon[]
    shortcut: ResolvedIcon[]
    other: ResolvedIcon[]
  } | null
  openGraph: ResolvedOpenGraph | null
  twitter: ResolvedTwitter | null
  other: Record<string, string | number | (string | number)[]> | null
  abstract: string | null
  archives: string[] | null
  assets: string[] | null
  bookmarks: string[] | null
  manifest: string | null
  pagination: ResolvedPagination | null
  formatDetection: FormatDetection | null
  appleWebApp: ResolvedAppleWebApp | null
  itunes: ItunesApp | null
  facebook: ResolvedFacebook | null
  pinterest: Pinterest | null
  verification: ResolvedVerification | null
  appLinks: ResolvedAppLinks | null
}

/** A promise of the metadata of the segments above: `generateMetadata`'s second argument. */
export type ResolvingMetadata = Promise<ResolvedMetadata>

export interface ResolvedViewport {
  /** The content of `<meta name="viewport">`. */
  viewport: string
  themeColor: ThemeColorDescriptor[] | null
  colorScheme: string | null
}

export type ResolvingViewport = Promise<ResolvedViewport>

/** A route's metadata and viewport, resolved: what its head's tags are made from. */
export interface ResolvedHead {
  metadata: ResolvedMetadata
  viewport: ResolvedViewport
}
