// What an app's middleware (src/middleware.ts or src/proxy.ts) works with: Next.js's
// NextRequest and NextResponse under our names, close enough that a Next.js middleware moves
// with its imports renamed (docs/routing.md "Middleware"). MiddlewareResponse.next() and
// .rewrite() only mark their answer with headers (wire/protocol.ts); server/middleware-run.ts
// reads them and goes on with the request.
import {
  parseCookie,
  parseSetCookie,
  type SerializeOptions,
  stringifyCookie,
  stringifySetCookie,
} from 'cookie'
import {
  HEADER_MIDDLEWARE_NEXT,
  HEADER_MIDDLEWARE_OVERRIDE_HEADERS,
  HEADER_MIDDLEWARE_REQUEST_PREFIX,
  HEADER_MIDDLEWARE_REWRITE,
  redirectLocation,
} from '../wire/protocol.ts'

export interface MiddlewareCookie {
  name: string
  value: string
}

/** `nextUrl`: the request's URL, with Next.js's clone() (mutate a copy, then rewrite or redirect). */
export class MiddlewareUrl extends URL {
  clone(): MiddlewareUrl {
    return new MiddlewareUrl(this.href)
  }
}

/** The request's cookies (Next.js's RequestCookies); changes go to the request's `cookie` header. */
export class RequestCookies {
  constructor(private readonly headers: Headers) {}

  private all(): Map<string, string> {
    const parsed = parseCookie(this.headers.get('cookie') ?? '')
    const map = new Map<string, string>()
    for (const [name, value] of Object.entries(parsed))
      if (value !== undefined) map.set(name, value)
    return map
  }

  private write(map: Map<string, string>): void {
    if (map.size === 0) this.headers.delete('cookie')
    else this.headers.set('cookie', stringifyCookie(Object.fromEntries(map)))
  }

  get size(): number {
    return this.all().size
  }

  get(name: string | MiddlewareCookie): MiddlewareCookie | undefined {
    const key = typeof name === 'string' ? name : name.name
    const value = this.all().get(key)
    return value === undefined ? undefined : { name: key, value }
  }

  getAll(name?: string | MiddlewareCookie): MiddlewareCookie[] {
    const list = [...this.all()].map(([key, value]) => ({ name: key, value }))
    if (name === undefined) return list
    const key = typeof name === 'string' ? name : name.name
    return list.filter((cookie) => cookie.name === key)
  }

  has(name: string): boolean {
    return this.all().has(name)
  }

  set(...args: [name: string, value: string] | [cookie: MiddlewareCookie]): this {
    const [name, value] = args.length === 1 ? [args[0].name, args[0].value] : args
    const map = this.all()
    map.set(name, value)
    this.write(map)
    return this
  }

  delete(names: string | string[]): boolean | boolean[] {
    const map = this.all()
    const list = Array.isArray(names) ? names : [names]
    const deleted = list.map((name) => map.delete(name))
    this.write(map)
    return Array.isArray(names) ? deleted : deleted[0]!
  }

  clear(): this {
    this.headers.delete('cookie')
    return this
  }

  toString(): string {
    return this.headers.get('cookie') ?? ''
  }
}

export type ResponseCookie = MiddlewareCookie & SerializeOptions

/** The answer's cookies (Next.js's ResponseCookies): each change is a `Set-Cookie` header. */
export class ResponseCookies {
  constructor(private readonly headers: Headers) {}

  getAll(name?: string): ResponseCookie[] {
    const cookies = this.headers.getSetCookie().map((line) => {
      const { name: key, value, ...options } = parseSetCookie(line)
      return { ...options, name: key, value: value ?? '' } as ResponseCookie
    })
    return name === undefined ? cookies : cookies.filter((cookie) => cookie.name === name)
  }

  get(name: string | MiddlewareCookie): ResponseCookie | undefined {
    const key = typeof name === 'string' ? name : name.name
    return this.getAll(key).at(-1)
  }

  has(name: string): boolean {
    return this.getAll(name).length > 0
  }

  set(
    ...args: [name: string, value: string, options?: SerializeOptions] | [cookie: ResponseCookie]
  ): this {
    const { name, value, ...options } =
      args.length === 1 ? args[0] : { name: args[0], value: args[1], ...args[2] }
    // One Set-Cookie per name: a later set() replaces an earlier one, as in Next.js.
    const others = this.headers.getSetCookie().filter((line) => parseSetCookie(line).name !== name)
    this.headers.delete('set-cookie')
    for (const line of others) this.headers.append('set-cookie', line)
    this.headers.append('set-cookie', stringifySetCookie(name, value, { path: '/', ...options }))
    return this
  }

  delete(name: string | (SerializeOptions & { name: string })): this {
    const options = typeof name === 'string' ? { name } : name
    return this.set({ ...options, value: '', maxAge: 0, expires: new Date(0) })
  }

  toString(): string {
    return this.headers.getSetCookie().join('; ')
  }
}

/** The request a middleware receives (Next.js's NextRequest): `nextUrl` and `cookies` added. */
export class MiddlewareRequest extends Request {
  readonly nextUrl: MiddlewareUrl
  readonly cookies: RequestCookies

  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(input, init)
    this.nextUrl = new MiddlewareUrl(this.url)
    this.cookies = new RequestCookies(this.headers)
  }
}

/** What `next()` and `rewrite()` may take, as in Next.js: the headers the app should see. */
export interface MiddlewareResponseInit extends ResponseInit {
  request?: { headers?: HeadersInit }
}

function withRequestHeaders(headers: Headers, init: MiddlewareResponseInit | undefined): void {
  if (!init?.request?.headers) return
  const forwarded = new Headers(init.request.headers)
  const names: string[] = []
  for (const [name, value] of forwarded) {
    names.push(name)
    headers.set(`${HEADER_MIDDLEWARE_REQUEST_PREFIX}${name}`, value)
  }
  headers.set(HEADER_MIDDLEWARE_OVERRIDE_HEADERS, names.join(','))
}

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])

/** A middleware's answer (Next.js's NextResponse): a Response with `cookies` and four helpers. */
export class MiddlewareResponse extends Response {
  readonly cookies: ResponseCookies

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(body, init)
    this.cookies = new ResponseCookies(this.headers)
  }

  /** Answers JSON (Response.json(), as a MiddlewareResponse). */
  static override json(body: unknown, init?: ResponseInit): MiddlewareResponse {
    const response = Response.json(body, init)
    return new MiddlewareResponse(response.body, response)
  }

  /** Redirects: 307 unless `init` names 301, 302, 303 or 308. */
  static override redirect(url: string | URL, init?: number | ResponseInit): MiddlewareResponse {
    const status = typeof init === 'number' ? init : (init?.status ?? 307)
    if (!REDIRECT_STATUSES.has(status)) {
      throw new RangeError(
        `MiddlewareResponse.redirect() takes 301, 302, 303, 307 or 308, not ${status}.`,
      )
    }
    const headers = new Headers(typeof init === 'object' ? init.headers : undefined)
    // A path stays on the site whatever it holds (`/\evil.example`): wire/protocol.ts.
    headers.set('location', redirectLocation(String(url)))
    return new MiddlewareResponse(null, {
      ...(typeof init === 'object' ? init : {}),
      status,
      headers,
    })
  }

  /** Renders `destination` (same origin) while the browser keeps its URL. */
  static rewrite(destination: string | URL, init?: MiddlewareResponseInit): MiddlewareResponse {
    const headers = new Headers(init?.headers)
    headers.set(HEADER_MIDDLEWARE_REWRITE, String(destination))
    withRequestHeaders(headers, init)
    return new MiddlewareResponse(null, { ...init, headers })
  }

  /** Goes on to the route, with these response headers and cookies (and request headers). */
  static next(init?: MiddlewareResponseInit): MiddlewareResponse {
    const headers = new Headers(init?.headers)
    headers.set(HEADER_MIDDLEWARE_NEXT, '1')
    withRequestHeaders(headers, init)
    return new MiddlewareResponse(null, { ...init, headers })
  }
}

/** Next.js's NextFetchEvent, reduced to what it is for: work after the answer (after()). */
export interface MiddlewareEvent {
  waitUntil(promise: Promise<unknown>): void
}

/** Nothing (or null) goes on to the route, as MiddlewareResponse.next() does. */
export type MiddlewareResult = Response | null | undefined
export type Middleware = (
  request: MiddlewareRequest,
  event: MiddlewareEvent,
) => MiddlewareResult | Promise<MiddlewareResult> | void | Promise<void>

export type { Matcher, MatcherCondition, MatcherEntry } from '../routing/middleware-matcher.ts'

/** `export const config` of the middleware module. */
export interface MiddlewareConfig {
  matcher?: import('../routing/middleware-matcher.ts').Matcher
}
