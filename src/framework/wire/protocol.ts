// Every URL, header and content-type convention of the wire protocol lives here.
// docs/protocol.md describes them for people who embed or debug the runtime.
import type { RouterState } from '../routing/types.ts'

/** A page's RSC payload is served at its own URL, so a cache keys payload and document apart. */
export const PAYLOAD_SUFFIX = '_.rsc'

export const CONTENT_TYPE_PAYLOAD = 'text/x-component'
export const CONTENT_TYPE_HTML = 'text/html; charset=utf-8'
export const CONTENT_TYPE_TEXT = 'text/plain; charset=utf-8'

/** Request header that carries a server function's id on a JavaScript call. */
export const HEADER_ACTION_ID = 'x-rsc-action'

/**
 * Request header on prefetches of payloads. A route known to be dynamic answers 204 with no
 * body: its payload could not be reused anyway.
 */
export const HEADER_PREFETCH = 'x-rsc-prefetch'

/**
 * `Cache-Control` of everything rendered for one request (dynamic documents and payloads, server
 * function answers) and of any answer that sets a cookie: no cache may keep it.
 */
export const CACHE_CONTROL_PRIVATE = 'private, no-store'
/** `Cache-Control` of static pages: caches may keep them, and revalidate with their ETag. */
export const CACHE_CONTROL_STATIC = 'no-cache'

/**
 * Metadata files (favicon.ico, icon.png, robots.txt, sitemap.xml, …; docs/metadata.md), as
 * Next.js answers them: `Cache-Control` in production, and the dev server's for static files.
 */
export const CACHE_CONTROL_METADATA_FILE = 'public, max-age=0, must-revalidate'
export const CACHE_CONTROL_METADATA_FILE_DEV = 'no-cache, no-store'
/** Their `Content-Type`, by kind of text file or by image extension (Next's). */
export const CONTENT_TYPE_METADATA_TEXT = {
  robots: 'text/plain',
  sitemap: 'application/xml',
  manifest: 'application/manifest+json',
} as const
export const CONTENT_TYPE_METADATA_IMAGE: Readonly<Record<string, string>> = {
  ico: 'image/x-icon',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
  gif: 'image/gif',
}
/** One of a folder's generateSitemaps() sitemaps (Next.js 16): the folder's URL, then the id. */
export const SITEMAP_BY_ID = /^(.*)\/sitemap\/([^/]+)\.xml$/
/**
 * Request header on client navigations and prefetches in an app with `@slot` folders or
 * intercepting routes: the router state (the URL the client is on and what each slot shows,
 * `RouterState`), as percent-encoded JSON. A document load never sends it, so it never
 * intercepts (docs/routing.md, "Parallel routes", "Intercepting routes").
 */
export const HEADER_ROUTER_STATE = 'x-rsc-router-state'
/**
 * Response header on payloads in such an app: what of the router state the view depends on
 * (`View.reads`, comma-separated): the client reuses the payload from a page whose state agrees
 * on these. Absent: the payload is the same whatever the state.
 */
export const HEADER_ROUTER_STATE_READS = 'x-rsc-router-state-reads'
/** Longest router state read; a longer one is ignored (the URL's own view is rendered). */
const ROUTER_STATE_MAX_LENGTH = 8192

/**
 * `Vary` of payload answers: a prefetch of a dynamic route gets 204, a navigation the payload;
 * with a router state, an interception or the slots it keeps.
 */
export const VARY_PAYLOAD = `${HEADER_PREFETCH}, ${HEADER_ROUTER_STATE}`

/** The router state header's value for `state`. */
export function encodeRouterState(state: RouterState): string {
  return encodeURIComponent(JSON.stringify(state))
}

/** The router state a request sent, or null: absent, too long or malformed is none. */
export function readRouterState(request: Request): RouterState | null {
  const header = request.headers.get(HEADER_ROUTER_STATE)
  if (header === null || header.length > ROUTER_STATE_MAX_LENGTH) return null
  let value: unknown
  try {
    value = JSON.parse(decodeURIComponent(header))
  } catch {
    return null
  }
  return toRouterState(value)
}

/**
 * `value` as a router state, or null if it is not one: what a request's header holds, or a
 * history entry (client/history-entry.ts), whoever wrote it. Slots that are not slots are left out.
 */
export function toRouterState(value: unknown): RouterState | null {
  if (typeof value !== 'object' || value === null) return null
  const { from, slots } = value as { from?: unknown; slots?: unknown }
  if (typeof from !== 'string' || typeof slots !== 'object' || slots === null) return null
  const kept: RouterState['slots'] = {}
  for (const [key, slot] of Object.entries(slots)) {
    const { url, intercepted } = (slot ?? {}) as { url?: unknown; intercepted?: unknown }
    // Keys name a folder and a slot (`notes@modal`); anything else (`__proto__`) is no slot.
    if (typeof url === 'string' && key.includes('@')) {
      kept[key] = { url, ...(intercepted === true && { intercepted }) }
    }
  }
  return { from, slots: kept }
}

/**
 * The draft mode cookie (server/draft-mode.ts): Next.js's name, so a Next app's tooling finds
 * it.
 */
export const COOKIE_DRAFT_MODE = '__prerender_bypass'

/** Response header on payloads: the build that rendered it; the router ignores other builds'. */
export const HEADER_BUILD_ID = 'x-rsc-build'

/**
 * Response header on payloads: `static` (the client may reuse it for its static stale time) or
 * `dynamic` (it read cookies, headers or search params, or is not known yet: not reused).
 */
export const HEADER_ROUTE_KIND = 'x-rsc-route-kind'
export type Rendering = 'static' | 'dynamic'

/**
 * Response header on a server function's answer: it revalidated cached data (or called
 * refresh()), so the client forgets the pages it cached (prefetched, visited, in history).
 */
export const HEADER_REVALIDATED = 'x-rsc-revalidated'

/**
 * Attribute on the `<html>` of a document whose shell failed to render on the server in a client
 * component: the browser renders the page from the inlined payload instead of hydrating it.
 */
export const CLIENT_RENDER_ATTRIBUTE = 'data-client-render'

/** Global array the document's inline scripts push payload chunks into. */
export const INLINE_PAYLOAD_GLOBAL = '__RSC_PAYLOAD'

/**
 * Headers a middleware's answer carries to tell the framework to go on (`next`), to render
 * another URL (`rewrite`), and which request headers to replace (`override-headers`, one
 * `request-<name>` header per value). Next.js's names, so a response made the Next.js way works
 * too. Read from the middleware's answer only, and never sent on (server/middleware-run.ts).
 */
export const HEADER_MIDDLEWARE_NEXT = 'x-middleware-next'
export const HEADER_MIDDLEWARE_REWRITE = 'x-middleware-rewrite'
export const HEADER_MIDDLEWARE_OVERRIDE_HEADERS = 'x-middleware-override-headers'
export const HEADER_MIDDLEWARE_REQUEST_PREFIX = 'x-middleware-request-'
export const MIDDLEWARE_HEADER_PREFIX = 'x-middleware-'

/** What a request asks for, as the protocol tells it from method, URL and headers. */
type RequestKind =
  /** GET/HEAD of a page: HTML with the payload inlined. */
  | { type: 'document'; url: URL }
  /** GET of a page's payload URL: the RSC payload alone. */
  | { type: 'payload'; url: URL }
  /** POST from `callServer` (to the page's payload URL): function id in a header, arguments in the body. */
  | { type: 'action'; url: URL; actionId: string }
  /** POST of a `<form action>` without JavaScript: React's form encoding. */
  | { type: 'form-action'; url: URL }
  /** Any other method on a page URL. */
  | { type: 'other'; url: URL }

/**
 * A request as the protocol reads it. `url` is the page URL it is about: payload suffix
 * removed, query kept, its pathname canonical (`canonicalPathname`). `canonicalUrl` is the
 * request's own URL spelled canonically when it spelled its path another way (`/notes//3`,
 * `/notes/3/`, `//notes/3_.rsc`), else null: the request is then answered as that URL
 * (server/core.ts). `host` is the host the browser addressed (`addressedHost`), the one that
 * allowedHosts, the server function origin check and the middleware's `host` condition read.
 */
export type ParsedRequest = RequestKind & { canonicalUrl: URL | null; host: string }

/** `.` and `..` as a path segment, also percent-encoded (`%2e`, `.%2E`), as URL parsers read them. */
const SINGLE_DOT_SEGMENT = /^(?:\.|%2e)$/i
const DOUBLE_DOT_SEGMENT = /^(?:\.|%2e){2}$/i

/**
 * The one spelling of a path that the router, the middleware matcher and every page key use
 * (docs/routing.md, "One spelling of a path"): empty segments dropped (repeated slashes, a
 * trailing slash), `.` and `..` segments resolved, nothing decoded (`%2F` stays inside its
 * segment). Always begins with exactly one `/`: `//notes/./3/` → `/notes/3`.
 */
export function canonicalPathname(pathname: string): string {
  const segments: string[] = []
  for (const segment of pathname.split('/')) {
    if (segment === '' || SINGLE_DOT_SEGMENT.test(segment)) continue
    if (DOUBLE_DOT_SEGMENT.test(segment)) segments.pop()
    else segments.push(segment)
  }
  return `/${segments.join('/')}`
}

/** The payload URL of a page URL: `/` → `/_.rsc`, `/notes/1?q` → `/notes/1_.rsc?q`. Same-origin path. */
export function toPayloadUrl(href: string | URL, base = 'http://localhost'): string {
  const url = new URL(href, base)
  const path = url.pathname.replace(/\/$/, '')
  return `${path === '' ? '/' : path}${PAYLOAD_SUFFIX}${url.search}`
}

/** The page URL (pathname and search) of a payload URL: `/notes/1_.rsc?q` → `/notes/1?q`. */
export function toPageUrl(href: string | URL, base = 'http://localhost'): string {
  const url = new URL(href, base)
  const path = url.pathname.endsWith(PAYLOAD_SUFFIX)
    ? url.pathname.slice(0, -PAYLOAD_SUFFIX.length) || '/'
    : url.pathname
  return path + url.search
}

/**
 * A redirect's `Location` value: the URL as given (relative or absolute, escapes kept), with
 * every character that may not travel in a header as it is (non-ASCII, spaces, controls)
 * percent-encoded as UTF-8, as a browser would encode it.
 */
export function encodeLocation(url: string): string {
  return url.replace(/[^\x21-\x7e]+/g, (run) =>
    // A lone surrogate has no UTF-8 form (encodeURIComponent throws): U+FFFD stands in for it.
    encodeURIComponent(run.replace(/\p{Cs}/gu, '\ufffd')),
  )
}

/** A URL with a scheme (`https:`, `mailto:`): absolute, as is `//host/path`. */
const ABSOLUTE_URL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i

/**
 * The one form of a redirect target that goes out: in a `Location` header and to the client
 * router alike (docs/security.md, "What holds at the edge"). As encodeLocation, and in a target
 * that is not an absolute URL backslashes are percent-encoded too: URL parsers read `\` as `/`
 * and drop tabs and newlines, so `/\evil.example/` and `/\t/evil.example/` would go to another
 * host. Any target that begins with a single `/` thus stays on the origin; absolute URLs are
 * kept as given. Applying it twice changes nothing.
 */
export function redirectLocation(target: string): string {
  const encoded = encodeLocation(target)
  return ABSOLUTE_URL.test(encoded) ? encoded : encoded.replaceAll('\\', '%5C')
}

/** The one way the framework answers a redirect: `status` with `Location` and no body. */
export function redirectTo(url: string, status: 303 | 307 | 308): Response {
  return new Response(null, { status, headers: { location: redirectLocation(url) } })
}

/** `request` as the protocol reads it; `trustProxy` as configured (config.ts). */
export function parseRequest(request: Request, trustProxy = false): ParsedRequest {
  const url = new URL(request.url)
  const method = request.method
  const isPayloadUrl = url.pathname.endsWith(PAYLOAD_SUFFIX)
  const spelled = isPayloadUrl ? url.pathname.slice(0, -PAYLOAD_SUFFIX.length) : url.pathname
  url.pathname = canonicalPathname(spelled)
  // The root's payload URL is `/_.rsc` (toPayloadUrl): its page path is spelled ``, not `/`.
  const canonical = spelled === url.pathname || (isPayloadUrl && spelled === '')
  // Resolving is safe here: a canonical path never begins with `//` (which would read as a host).
  const canonicalUrl = canonical
    ? null
    : isPayloadUrl
      ? new URL(toPayloadUrl(url), url)
      : new URL(url)
  const read = { url, canonicalUrl, host: addressedHost(request, trustProxy) }
  const readOnly = method === 'GET' || method === 'HEAD'
  if (readOnly) return { type: isPayloadUrl ? 'payload' : 'document', ...read }
  if (method === 'POST') {
    const actionId = request.headers.get(HEADER_ACTION_ID)
    if (actionId !== null) return { type: 'action', actionId, ...read }
    if (!isPayloadUrl) return { type: 'form-action', ...read }
  }
  return { type: 'other', ...read }
}

/**
 * Dev server only: the event the Vite plugin sends the rsc environment when a file changed.
 * What was worked out with the old code (static pages, route kinds) must not outlive it.
 */
export const DEV_CODE_CHANGED_EVENT = 'framework:code-changed'

/** Set by a reverse proxy to the host the browser asked for; read only with `trustProxy`. */
export const HEADER_FORWARDED_HOST = 'x-forwarded-host'

/** The host the browser addressed, in lower case: the first X-Forwarded-Host only with `trustProxy`. */
function addressedHost(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get(HEADER_FORWARDED_HOST) : null
  const host =
    forwarded?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host
  return host.toLowerCase()
}

/**
 * Whether `host` matches `pattern`, a host name with an optional port, the scheme ignored, where
 * `*` stands for exactly one label (`*.example.com`). serverFunctions.allowedOrigins and
 * allowedHosts are such patterns (docs/configuration.md).
 */
export function matchesHostPattern(host: string, pattern: string): boolean {
  const bare = pattern.replace(/^[a-z]+:\/\//i, '').toLowerCase()
  const labels = bare
    .split('.')
    .map((label) => (label === '*' ? '[^.]+' : label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${labels.join('\\.')}$`).test(host)
}
