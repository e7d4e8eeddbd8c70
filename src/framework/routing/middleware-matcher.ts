// Which requests the app's middleware runs for: its `config.matcher`, in Next.js's forms
// (docs/routing.md "Middleware"). Sources are path-to-regexp 6 patterns, the dialect Next.js
// uses (`/notes/:path*`, `/((?!api).*)`); `has` / `missing` test a header, cookie, query
// parameter or the host. Pure: compiled once when the middleware module is loaded.
import { pathToRegexp } from 'path-to-regexp'

/** A condition of `has` / `missing`: present (and, with `value`, matching it as a regex). */
export interface MatcherCondition {
  type: 'header' | 'cookie' | 'query' | 'host'
  /** The header, cookie or query parameter's name; for `host`, the value to match. */
  key: string
  /** A regular expression the whole value must match (as in Next.js). */
  value?: string
}

interface MatcherObject {
  source: string
  has?: MatcherCondition[]
  missing?: MatcherCondition[]
}

export type MatcherEntry = string | MatcherObject
export type Matcher = MatcherEntry | readonly MatcherEntry[]

/** What a condition may look at; cookies are read only when a condition asks for one. */
export interface MatchedRequest {
  /** The page's pathname, as sent (percent-encoded; a payload URL's suffix removed). */
  pathname: string
  searchParams: URLSearchParams
  /** The host the browser addressed, in lower case, with its port if it named one. */
  host: string
  headers: Headers
  cookie(name: string): string | undefined
}

export type RequestMatcher = (request: MatchedRequest) => boolean

const CONDITION_TYPES = new Set(['header', 'cookie', 'query', 'host'])

function conditionValue(condition: MatcherCondition, request: MatchedRequest): string | undefined {
  switch (condition.type) {
    case 'header':
      return request.headers.get(condition.key) ?? undefined
    case 'cookie':
      return request.cookie(condition.key)
    case 'query':
      return request.searchParams.get(condition.key) ?? undefined
    case 'host':
      return request.host.replace(/:\d+$/, '')
  }
}

function compileCondition(condition: MatcherCondition, where: string) {
  if (!CONDITION_TYPES.has(condition?.type) || typeof condition.key !== 'string') {
    throw new Error(
      `${where}: a has/missing condition needs a type ('header', 'cookie', 'query' or 'host') and a key; got ${JSON.stringify(condition)}.`,
    )
  }
  // For `host`, Next.js matches the key as the value.
  const pattern = condition.type === 'host' ? condition.key : condition.value
  const expected = pattern === undefined ? undefined : new RegExp(`^(?:${pattern})$`)
  return (request: MatchedRequest) => {
    const value = conditionValue(condition, request)
    if (value === undefined) return false
    return expected === undefined || expected.test(value)
  }
}

function compileEntry(entry: MatcherEntry, where: string): RequestMatcher {
  const source = typeof entry === 'string' ? entry : entry?.source
  if (typeof source !== 'string' || !source.startsWith('/')) {
    throw new Error(
      `${where}: each matcher source must be a path starting with "/"; got ${JSON.stringify(entry)}.`,
    )
  }
  let pattern: RegExp
  try {
    pattern = pathToRegexp(source)
  } catch (error) {
    throw new Error(
      `${where}: the matcher source ${JSON.stringify(source)} is not a valid path pattern (${(error as Error).message}).`,
    )
  }
  if (typeof entry === 'string') return (request) => pattern.test(request.pathname)
  const has = (entry.has ?? []).map((condition) => compileCondition(condition, where))
  const missing = (entry.missing ?? []).map((condition) => compileCondition(condition, where))
  return (request) =>
    pattern.test(request.pathname) &&
    has.every((test) => test(request)) &&
    !missing.some((test) => test(request))
}

/**
 * Compiles `config.matcher`; none runs the middleware for every request. Throws, naming `where`
 * (the middleware's file), on a matcher Next.js would not accept either.
 */
export function compileMatcher(matcher: Matcher | undefined, where: string): RequestMatcher {
  if (matcher === undefined) return () => true
  const entries = (Array.isArray(matcher) ? matcher : [matcher]) as MatcherEntry[]
  const tests = entries.map((entry) => compileEntry(entry, where))
  if (tests.length === 1) return tests[0]!
  return (request) => tests.some((test) => test(request))
}
