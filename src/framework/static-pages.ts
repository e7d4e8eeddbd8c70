// Static routes are rendered once and served from memory. A route is static when a complete
// render of it read nothing of the request (no cookies(), headers() or search params, no
// `dynamic = 'force-dynamic'`); its pages (one per pathname) are kept with their payload, their
// HTML once a document asks for it, and ETags, until revalidatePath(), revalidateTag() or the
// LRU bound drops them.
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { RouteKind } from './protocol.ts'

export interface StaticBody {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
}

export interface StaticPage {
  payload: StaticBody
  html?: StaticBody
  /** Cache tags of the data the render used (cached()), for revalidateTag(). */
  tags: readonly string[]
}

const PAGES_KEPT = 1000
const BYTES_KEPT = 64 * 1024 * 1024

const pages = new LRUCache<string, StaticPage>({
  max: PAGES_KEPT,
  maxSize: BYTES_KEPT,
  sizeCalculation: (page) =>
    page.payload.bytes.byteLength + (page.html?.bytes.byteLength ?? 0) || 1,
})

/** What complete renders showed of each route (by its page file); absent until one finished. */
const routeKinds = new Map<string, RouteKind>()

export function routeKindOf(routeFile: string): RouteKind | undefined {
  return routeKinds.get(routeFile)
}

export function setRouteKind(routeFile: string, kind: RouteKind): void {
  // Once any render of a route was dynamic, the route is: its pages may differ per request.
  if (routeKinds.get(routeFile) !== 'dynamic') routeKinds.set(routeFile, kind)
}

export function toStaticBody(bytes: Uint8Array<ArrayBuffer>): StaticBody {
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`
  return { bytes, etag }
}

export function getStaticPage(pathname: string): StaticPage | undefined {
  return pages.get(pathname)
}

export function setStaticPage(pathname: string, page: StaticPage): void {
  pages.set(pathname, page)
}

/** revalidatePath(): the page at `pathname` renders again on its next request. */
export function invalidateStaticPath(pathname: string): void {
  pages.delete(pathname)
}

/** revalidateTag(): every page whose render used data with `tag` renders again. */
export function invalidateStaticTag(tag: string): void {
  for (const [pathname, page] of pages.entries()) {
    if (page.tags.includes(tag)) pages.delete(pathname)
  }
}
