// The request's cookies as server code sees them: those it sent, with the middleware's Set-Cookie
// lines applied (as in Next.js), changed by cookies().set() and delete(); and the Set-Cookie lines
// its answer must carry (request-store.ts withSetCookies()). A part of the request's store.
import { parseCookie, parseSetCookie } from 'cookie'
import { partOf, type RequestStore, requestPart } from '../request/store.ts'

export interface RequestCookies {
  /** By name, as the request's code reads them now. */
  values: Map<string, string>
  /** Set-Cookie values to send with the response. */
  setCookies: string[]
}

export const REQUEST_COOKIES = requestPart<RequestCookies>('cookies', (store) =>
  cookiesOf(store.request, []),
)

/** `cookies` with `lines` applied in order: a line that expires the cookie removes it. */
function applySetCookies(cookies: Map<string, string>, lines: readonly string[]): void {
  for (const line of lines) {
    const { name, value, maxAge, expires } = parseSetCookie(line)
    const expired =
      (maxAge !== undefined && maxAge <= 0) ||
      (maxAge === undefined && expires !== undefined && expires.getTime() <= Date.now())
    if (expired) cookies.delete(name)
    else cookies.set(name, value ?? '')
  }
}

/** The cookies `request` sent, with `cookiesSet` (the middleware's Set-Cookie lines) applied. */
export function cookiesOf(request: Request, cookiesSet: readonly string[]): RequestCookies {
  const parsed = parseCookie(request.headers.get('cookie') ?? '')
  const values = new Map<string, string>()
  for (const [name, value] of Object.entries(parsed))
    if (value !== undefined) values.set(name, value)
  applySetCookies(values, cookiesSet)
  return { values, setCookies: [] }
}

export function requestCookiesOf(store: RequestStore): RequestCookies {
  return partOf(store, REQUEST_COOKIES)
}
