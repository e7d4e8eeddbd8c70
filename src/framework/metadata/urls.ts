// The Metadata API's URLs (docs/metadata.md, "URLs"), as Next.js resolves them against
// `metadataBase` and the page's pathname (its resolve-url.ts): their types and resolution, pure,
// shared by the resolution of the fields (resolve-fields.ts, resolve-social.ts).

export type Url = string | URL

/** A link with an optional title: `alternates` entries, as Next.js types them. */
export interface AlternateLinkDescriptor {
  title?: string
  url: Url
}

export interface ResolvedLink {
  title?: string
  url: string
}

/**
 * What a URL's resolution may depend on beyond `metadataBase`: the page's pathname (for `./`
 * paths). `usesPathname` is set when it did, so a head made without it can be reused for other
 * pathnames (route-metadata.tsx).
 */
export interface UrlContext {
  pathname: string
  usesPathname?: boolean
}

/**
 * A URL of the metadata, as Next.js resolves it: an absolute URL stays as written; a relative one
 * is joined to `metadataBase` (its path, then this one). Without a base it is written as given.
 */
export function resolveUrl(url: Url, base: URL | null): string {
  if (url instanceof URL) return url.href
  if (URL.canParse(url)) return url
  if (!base) return url
  const basePath = base.pathname.endsWith('/') ? base.pathname : `${base.pathname}/`
  const joined = `${basePath}${url.replace(/^\/+/, '')}`
  return new URL(joined, base).href
}

/** `./x` against the page's pathname, as Next.js's `path.posix.resolve(pathname, url)`. */
function againstPathname(url: string, pathname: string): string {
  const folder = pathname.endsWith('/') ? pathname : `${pathname}/`
  const resolved = new URL(url, `http://page${folder}`)
  const path =
    resolved.pathname.length > 1 ? resolved.pathname.replace(/\/+$/, '') : resolved.pathname
  return `${path}${resolved.search}${resolved.hash}`
}

/**
 * Next.js's `resolveAbsoluteUrlWithPathname` (canonical, alternates, `openGraph.url`, pagination,
 * `itunes.appArgument`): a `./` path is the page's own pathname joined with it, then resolved as
 * `resolveUrl`; a result at the site's root is written as its origin, without the slash. An
 * absolute URL given as a string is written as given.
 */
export function resolveUrlWithPathname(url: Url, base: URL | null, context: UrlContext): string {
  let relative = url
  if (typeof url === 'string' && url.startsWith('./')) {
    context.usesPathname = true
    relative = againstPathname(url, context.pathname)
  }
  if (typeof relative === 'string' && URL.canParse(relative)) return relative
  const resolved = resolveUrl(relative, base)
  if (!URL.canParse(resolved)) return resolved
  const parsed = new URL(resolved)
  return parsed.pathname === '/' ? parsed.origin : resolved
}

/**
 * Next.js's `resolveAlternateUrl`: a URL object in `alternates` is a base that the page's pathname
 * is resolved against, its query kept; anything else as `resolveUrlWithPathname`.
 */
export function resolveAlternateUrl(url: Url, base: URL | null, context: UrlContext): string {
  if (!(url instanceof URL)) return resolveUrlWithPathname(url, base, context)
  context.usesPathname = true
  const joined = new URL(context.pathname, url)
  url.searchParams.forEach((value, key) => {
    joined.searchParams.set(key, value)
  })
  return resolveUrlWithPathname(joined, base, context)
}

export function resolveLink(
  link: Url | AlternateLinkDescriptor,
  base: URL | null,
  context: UrlContext,
): ResolvedLink {
  if (typeof link === 'string' || link instanceof URL) {
    return { url: resolveAlternateUrl(link, base, context) }
  }
  return {
    ...(link.title === undefined ? {} : { title: link.title }),
    url: resolveAlternateUrl(link.url, base, context),
  }
}

/** `languages`, `media` and `types`: each key's URL, or list of `{ title, url }`, as a list. */
export function resolveLinkMap(
  map: Record<string, Url | AlternateLinkDescriptor[] | null | undefined> | null | undefined,
  base: URL | null,
  context: UrlContext,
): Record<string, ResolvedLink[]> | null {
  if (!map) return null
  const result: Record<string, ResolvedLink[]> = {}
  for (const [key, value] of Object.entries(map)) {
    if (value === null || value === undefined) continue
    const links = Array.isArray(value) ? value : [value]
    result[key] = links.map((link) => resolveLink(link, base, context))
  }
  return result
}
