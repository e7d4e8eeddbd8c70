// cookies() and headers(), as in Next.js 15+: awaitable, read from the current request's store
// (request-store.ts), and reading them makes the render dynamic (static/classification.ts). In
// the middleware they read the request it handles (docs/middleware.md "Request APIs").
import { type SerializeOptions, stringifySetCookie } from 'cookie'
import { refuseInsideCache } from '../cache/scope.ts'
import { holeInShell, isRequestHidden, markDynamic } from '../request/dynamic-reads.ts'
import { currentStore, type RequestStore } from '../request/store.ts'
import { type RequestCookies, requestCookiesOf } from './request-cookies.ts'

export interface Cookie {
  name: string
  value: string
}

export interface CookieStore {
  /** How many cookies the request has (Next.js's ReadonlyRequestCookies `size`). */
  readonly size: number
  get(name: string): Cookie | undefined
  getAll(): Cookie[]
  has(name: string): boolean
  /**
   * Only in server functions, route handlers and the middleware (added to its answer): a render
   * cannot change its response's headers.
   */
  set(name: string, value: string, options?: SerializeOptions): void
  delete(name: string): void
}

function cookieStore(store: RequestStore, cookies: RequestCookies): CookieStore {
  const assertWritable = (method: string) => {
    if (store.phase === 'render') {
      throw new Error(
        `cookies().${method}() can only be called in a server function, a route handler or the middleware, not while rendering a component.`,
      )
    }
  }
  return {
    get size() {
      return cookies.values.size
    },
    get: (name) => {
      const value = cookies.values.get(name)
      return value === undefined ? undefined : { name, value }
    },
    getAll: () => [...cookies.values].map(([name, value]) => ({ name, value })),
    has: (name) => cookies.values.has(name),
    set(name, value, options) {
      assertWritable('set')
      cookies.values.set(name, value)
      cookies.setCookies.push(stringifySetCookie(name, value, { path: '/', ...options }))
    },
    delete(name) {
      assertWritable('delete')
      cookies.values.delete(name)
      cookies.setCookies.push(stringifySetCookie(name, '', { path: '/', maxAge: 0 }))
    },
  }
}

/** The request's cookies, as in Next.js 15+: awaitable, and reading them makes the render dynamic. */
export function cookies(): Promise<CookieStore> {
  refuseInsideCache('cookies()')
  const store = currentStore('cookies()')
  if (isRequestHidden()) {
    return Promise.resolve(cookieStore(store, { values: new Map(), setCookies: [] }))
  }
  const hole = holeInShell('cookies()')
  if (hole) return hole
  markDynamic('cookies()')
  return Promise.resolve(cookieStore(store, requestCookiesOf(store)))
}

/** The request's headers, read-only; reading them makes the render dynamic. */
export function headers(): Promise<Headers> {
  refuseInsideCache('headers()')
  const store = currentStore('headers()')
  if (isRequestHidden()) return Promise.resolve(readOnlyHeaders(new Headers()))
  const hole = holeInShell('headers()')
  if (hole) return hole
  markDynamic('headers()')
  return Promise.resolve(readOnlyHeaders(store.request.headers))
}

function readOnlyHeaders(source: Headers): Headers {
  const copy = new Headers(source)
  const refuse = () => {
    throw new Error('headers() is read-only; set response headers in a route handler instead.')
  }
  copy.set = refuse
  copy.append = refuse
  copy.delete = refuse
  return copy
}
