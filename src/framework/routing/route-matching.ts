// Matching a URL pathname against route patterns. Segments stay as sent: a static folder matches
// only its canonical encoding, and only what becomes a param value is decoded (docs/routing.md,
// "Percent-encoding"). Routes are ranked here too: the most specific pattern answers a URL
// (docs/routing.md, "Precedence").
import type { Params, Route, RouteDirectory, RouteMatch, SegmentType } from './types.ts'

/** How a URL path carries a folder name: the pathname setter percent-encodes as links do. */
export function encodeSegment(name: string): string {
  const url = new URL('http://localhost/')
  url.pathname = `/${name}`
  return url.pathname.slice(1)
}

/** A segment as a param value; null for malformed percent-encoding, which matches nothing. */
function decodeSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment)
  } catch {
    return null
  }
}

export function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter(Boolean)
}

/** The params of `segments` if `pattern` matches all of them, else null. */
export function matchPattern(
  pattern: readonly RouteDirectory[],
  segments: string[],
): Params | null {
  const params: Params = {}
  for (let i = 0; i < pattern.length; i++) {
    const part = pattern[i]!
    const segment = segments[i]
    switch (part.type) {
      case 'static':
        if (segment !== part.encoded) return null
        break
      case 'dynamic': {
        const value = segment === undefined ? null : decodeSegment(segment)
        if (value === null) return null
        params[part.name] = value
        break
      }
      case 'catch-all':
      case 'optional-catch-all': {
        const rest = segments.slice(i).map(decodeSegment)
        if (rest.length === 0 && part.type === 'catch-all') return null
        if (rest.some((value) => value === null)) return null
        if (rest.length > 0) params[part.name] = rest as string[]
        return params
      }
    }
  }
  return segments.length === pattern.length ? params : null
}

/** Whether `pattern` matches the start of `pathname` (the URL is at or below it). */
export function matchesPrefix(pattern: readonly RouteDirectory[], pathname: string): boolean {
  const segments = segmentsOf(pathname)
  if (segments.length < pattern.length) return false
  return matchPattern(pattern, segments.slice(0, pattern.length)) !== null
}

/** Static beats dynamic beats catch-all beats optional catch-all, segment by segment. */
const RANK: Record<SegmentType, number> = {
  static: 0,
  dynamic: 1,
  'catch-all': 2,
  'optional-catch-all': 3,
  group: -1,
  slot: -1,
}

/** Negative when `a` is more specific than `b`, 0 when they are as specific. */
export function compareRoutes(a: Route, b: Route): number {
  const length = Math.max(a.pattern.length, b.pattern.length)
  for (let i = 0; i < length; i++) {
    const x = a.pattern[i]
    const y = b.pattern[i]
    // A shorter pattern that ran out first is more specific than a longer catch-all prefix.
    if (!x) return -1
    if (!y) return 1
    const diff = RANK[x.type] - RANK[y.type]
    if (diff !== 0) return diff
  }
  return 0
}

/** The first of `routes` (sorted most specific first) that matches `pathname`. */
export function matchRoute(routes: Route[], pathname: string): RouteMatch | null {
  const segments = segmentsOf(pathname)
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments)
    if (params) return { route, params }
  }
  return null
}
