// config.matcher of the app's middleware (docs/routing.md "Middleware"): Next.js's forms,
// compiled by path-to-regexp, and has/missing conditions.
import { describe, expect, it } from 'vitest'
import {
  compileMatcher,
  type MatchedRequest,
  type Matcher,
} from '../../src/framework/routing/middleware-matcher.ts'

function request(
  href: string,
  init: { headers?: Record<string, string>; cookies?: Record<string, string> } = {},
): MatchedRequest {
  const url = new URL(href, 'http://app.example')
  const headers = new Headers({ host: url.host, ...init.headers })
  return {
    pathname: url.pathname,
    searchParams: url.searchParams,
    host: url.host,
    headers,
    cookie: (name) => init.cookies?.[name],
  }
}

function matches(matcher: Matcher | undefined, href: string, init?: Parameters<typeof request>[1]) {
  return compileMatcher(matcher, 'src/middleware.ts')(request(href, init))
}

describe('middleware matcher', () => {
  it('without a matcher, runs for every path', () => {
    for (const path of ['/', '/notes/3', '/api/notes', '/bench/static'])
      expect(matches(undefined, path)).toBe(true)
  })

  it('a plain path matches that path only (a trailing slash allowed)', () => {
    expect(matches('/about', '/about')).toBe(true)
    expect(matches('/about', '/about/')).toBe(true)
    expect(matches('/about', '/about/team')).toBe(false)
    expect(matches('/about', '/')).toBe(false)
  })

  it('/notes/:path* matches /notes and everything below it, nothing beside it', () => {
    for (const path of ['/notes', '/notes/3', '/notes/3/edit'])
      expect(matches('/notes/:path*', path)).toBe(true)
    for (const path of ['/notesx', '/note/3', '/', '/api/notes'])
      expect(matches('/notes/:path*', path)).toBe(false)
  })

  it('/notes/:path+ needs at least one segment; /notes/:id one segment exactly', () => {
    expect(matches('/notes/:path+', '/notes')).toBe(false)
    expect(matches('/notes/:path+', '/notes/3/edit')).toBe(true)
    expect(matches('/notes/:id', '/notes/3')).toBe(true)
    expect(matches('/notes/:id', '/notes/3/edit')).toBe(false)
  })

  it('an array matches when any of its entries does', () => {
    const matcher = ['/notes/:path*', '/api/:path*']
    expect(matches(matcher, '/api/notes')).toBe(true)
    expect(matches(matcher, '/notes/1')).toBe(true)
    expect(matches(matcher, '/bench/static')).toBe(false)
  })

  it("Next.js's negative lookahead excludes paths", () => {
    const matcher = '/((?!api|assets|bench).*)'
    expect(matches(matcher, '/notes/1')).toBe(true)
    expect(matches(matcher, '/')).toBe(true)
    expect(matches(matcher, '/api/notes')).toBe(false)
    expect(matches(matcher, '/bench/static')).toBe(false)
  })

  it('matches the query-less pathname: the query plays no part unless a condition asks', () => {
    expect(matches('/notes/:id', '/notes/3?tab=edit')).toBe(true)
  })

  it('has: a header, a cookie, a query parameter or the host must be there (and match)', () => {
    const matcher: Matcher = {
      source: '/lab/:path*',
      has: [{ type: 'header', key: 'x-beta', value: 'on|yes' }],
    }
    expect(matches(matcher, '/lab/x')).toBe(false)
    expect(matches(matcher, '/lab/x', { headers: { 'x-beta': 'on' } })).toBe(true)
    expect(matches(matcher, '/lab/x', { headers: { 'x-beta': 'off' } })).toBe(false)
    // The value must match whole, as in Next.js.
    expect(matches(matcher, '/lab/x', { headers: { 'x-beta': 'only' } })).toBe(false)
    const query: Matcher = { source: '/lab', has: [{ type: 'query', key: 'preview' }] }
    expect(matches(query, '/lab?preview=1')).toBe(true)
    expect(matches(query, '/lab')).toBe(false)
    const host: Matcher = { source: '/', has: [{ type: 'host', key: 'app\\.example' }] }
    expect(matches(host, '/')).toBe(true)
    expect(matches(host, 'http://other.example/')).toBe(false)
  })

  it('missing: runs only when the condition does not hold', () => {
    const matcher: Matcher = {
      source: '/account',
      missing: [{ type: 'cookie', key: 'session' }],
    }
    expect(matches(matcher, '/account')).toBe(true)
    expect(matches(matcher, '/account', { cookies: { session: 'abc' } })).toBe(false)
  })

  it('refuses what Next.js refuses, naming the file', () => {
    expect(() => compileMatcher('notes', 'src/proxy.ts')).toThrow(
      /src\/proxy\.ts: each matcher source must be a path starting with "\/"/,
    )
    expect(() => compileMatcher('/notes/(', 'src/proxy.ts')).toThrow(
      /src\/proxy\.ts: the matcher source "\/notes\/\(" is not a valid path pattern/,
    )
    expect(() =>
      compileMatcher(
        { source: '/', has: [{ type: 'body', key: 'x' } as never] },
        'src/middleware.ts',
      ),
    ).toThrow(/src\/middleware\.ts: a has\/missing condition needs a type/)
  })
})
