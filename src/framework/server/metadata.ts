// The Metadata API's data side (docs/metadata.md): the types apps export (named as in Next.js, so
// an import only needs renaming), and the pure merging of a route's segments into one resolved
// metadata and viewport. No React and no request here; server/metadata-tags.tsx renders the
// result and runs `generateMetadata`.

import {
  type AppLinks,
  type AppleWebApp,
  type Facebook,
  type FormatDetection,
  type ItunesApp,
  type OGMedia,
  type OpenGraphTyped,
  type Pagination,
  type Pinterest,
  pickOpenGraphTyped,
  type ResolvedAppLinks,
  type ResolvedAppleWebApp,
  type ResolvedFacebook,
  type ResolvedOGMedia,
  type ResolvedPagination,
  type ResolvedTwitterPlayer,
  type ResolvedVerification,
  resolveAppLinks,
  resolveAppleWebApp,
  resolveFacebook,
  resolveItunes,
  resolveMedia,
  resolvePagination,
  resolvePlayers,
  resolveVerification,
  type TwitterAppDescriptor,
  type TwitterPlayerDescriptor,
  toList,
  type Verification,
} from './metadata-fields.ts'
import {
  type AlternateLinkDescriptor,
  type ResolvedLink,
  resolveLink,
  resolveLinkMap,
  resolveUrl,
  resolveUrlWithPathname,
  type Url,
  type UrlContext,
} from './metadata-urls.ts'

export type { Url, UrlContext }
export { resolveUrl }

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

export interface ResolvedViewport {
  /** The content of `<meta name="viewport">`. */
  viewport: string
  themeColor: ThemeColorDescriptor[] | null
  colorScheme: string | null
}

export type ResolvingViewport = Promise<ResolvedViewport>

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

const TEMPLATE_SLOT = '%s'

function applyTemplate(template: string | null, title: string): string {
  // Every `%s`, as Next.js does; a function, so that `$&` and the like in a title stay as written.
  return template ? template.replaceAll(TEMPLATE_SLOT, () => title) : title
}

/** A segment's title, with the template of the segments above it (not its own). */
export function resolveTitle(
  title: TemplateString | null | undefined,
  template: string | null,
): ResolvedTitle | null {
  if (title === null || title === undefined) return null
  if (typeof title === 'string') return { absolute: applyTemplate(template, title), template: null }
  if (typeof title !== 'object') {
    throw new TypeError(
      `metadata title must be a string or { default, template } or { absolute, template }; it is ${typeof title} (${String(title)}).`,
    )
  }
  const own = title.template ?? null
  if ('absolute' in title) return { absolute: title.absolute, template: own }
  return { absolute: applyTemplate(template, title.default), template: own }
}

const toArray = toList

function resolveBase(base: URL | string | null | undefined, parent: URL | null): URL | null {
  if (base === undefined) return parent
  if (base === null) return null
  return base instanceof URL ? base : new URL(base)
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

function resolveRobots(robots: string | Robots): ResolvedMetadata['robots'] {
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

function resolveImages(
  images: Image | Image[] | null | undefined,
  base: URL | null,
): ResolvedImage[] {
  return toArray(images).map((image) => {
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

function resolveIcon(icon: Icon, base: URL | null, rel?: string): ResolvedIcon {
  if (typeof icon === 'string' || icon instanceof URL) {
    return { url: resolveUrl(icon, base), ...(rel ? { rel } : {}) }
  }
  const { url, ...rest } = icon
  return { ...(rel ? { rel } : {}), ...rest, url: resolveUrl(url, base) }
}

function resolveIcons(icons: Icons, base: URL | null): NonNullable<ResolvedMetadata['icons']> {
  const isGrouped =
    typeof icons === 'object' &&
    !(icons instanceof URL) &&
    !Array.isArray(icons) &&
    !('url' in icons)
  const grouped = isGrouped ? icons : { icon: icons as Icon | Icon[] }
  return {
    icon: toArray(grouped.icon).map((icon) => resolveIcon(icon, base)),
    apple: toArray(grouped.apple).map((icon) => resolveIcon(icon, base)),
    shortcut: toArray(grouped.shortcut).map((icon) => resolveIcon(icon, base)),
    other: toArray(grouped.other).map((icon) => resolveIcon(icon, base, icon.rel)),
  }
}

function resolveAlternates(
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

function resolveOpenGraph(
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
    alternateLocale: toArray(og.alternateLocale),
    countryName: og.countryName ?? null,
    ttl: og.ttl ?? null,
    images: resolveImages(og.images, base),
    audio: resolveMedia(og.audio),
    videos: resolveMedia(og.videos),
    emails: toArray(og.emails),
    phoneNumbers: toArray(og.phoneNumbers),
    faxNumbers: toArray(og.faxNumbers),
    publishedTime: og.publishedTime ?? null,
    modifiedTime: og.modifiedTime ?? null,
    expirationTime: og.expirationTime ?? null,
    authors: toArray(og.authors).map(String),
    ...pickOpenGraphTyped(og),
    section: og.section ?? null,
    tags: toArray(og.tags),
  }
}

function resolveTwitter(tw: Twitter, base: URL | null, template: string | null): ResolvedTwitter {
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

/** The templates a segment's titles are resolved with: those of the segments above it. */
export interface TitleTemplates {
  title: string | null
  openGraph: string | null
  twitter: string | null
}

export const NO_TEMPLATES: TitleTemplates = { title: null, openGraph: null, twitter: null }

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
    toArray(authors).map(({ name, url }) => ({
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
  for (const key of ['archives', 'assets', 'bookmarks'] as const) set(key, toArray)
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

/** The templates for the segments below one whose metadata resolved to `metadata`. */
export function templatesOf(metadata: ResolvedMetadata): TitleTemplates {
  return {
    title: metadata.title?.template ?? null,
    openGraph: metadata.openGraph?.title?.template ?? null,
    twitter: metadata.twitter?.title?.template ?? null,
  }
}

/**
 * Merges a route's segments, root first. `leafFrom` is the index of the first item in the page's
 * own folder (its layout, then the page): as in Next.js, a layout's template applies to the
 * titles of the folders below it, not to its own folder's page, so items from `leafFrom` on do not
 * change the templates.
 */
export function mergeAll(
  items: readonly Metadata[],
  leafFrom = items.length,
  context: UrlContext = { pathname: '/' },
): ResolvedMetadata {
  let resolved = emptyMetadata()
  let templates = NO_TEMPLATES
  items.forEach((item, i) => {
    resolved = mergeMetadata(resolved, item, templates, context)
    if (i < leafFrom) templates = templatesOf(resolved)
  })
  return resolved
}

export const DEFAULT_VIEWPORT: Viewport = { width: 'device-width', initialScale: 1 }

const VIEWPORT_KEYS = [
  ['width', 'width'],
  ['height', 'height'],
  ['initialScale', 'initial-scale'],
  ['minimumScale', 'minimum-scale'],
  ['maximumScale', 'maximum-scale'],
  ['viewportFit', 'viewport-fit'],
  ['userScalable', 'user-scalable'],
  ['interactiveWidget', 'interactive-widget'],
] as const

/**
 * Segments' viewports, root first, over the default; each key the later one gives wins, as in
 * Next.js: a key given as `undefined` (`initialScale: undefined`) removes the default's, and a
 * value that is empty (or an initial scale of 0) writes nothing.
 */
export function resolveViewport(items: readonly Viewport[]): ResolvedViewport {
  const merged: Viewport = { ...DEFAULT_VIEWPORT }
  for (const item of items) Object.assign(merged, item)
  const content = VIEWPORT_KEYS.flatMap(([key, name]) => {
    const value = merged[key]
    if (typeof value === 'boolean') return [`${name}=${value ? 'yes' : 'no'}`]
    if (value === undefined || value === null || value === '' || value === 0) return []
    return [`${name}=${value}`]
  }).join(', ')
  const { themeColor, colorScheme } = merged
  return {
    viewport: content,
    themeColor:
      themeColor === null || themeColor === undefined
        ? null
        : toArray(themeColor).map((c) => (typeof c === 'string' ? { color: c } : c)),
    colorScheme: colorScheme ?? null,
  }
}
