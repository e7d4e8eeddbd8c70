// Interrupts: redirect(), permanentRedirect(), notFound(), unauthorized(), forbidden().
// They are thrown, and what they mean travels in the error's `digest`, the one property React
// carries from server to client in production. This module alone writes and parses that format:
//   FRAMEWORK_REDIRECT;<push|replace>;<307|308>;<url>
//   FRAMEWORK_HTTP_FALLBACK;<401|403|404>
import type { TypedHref } from '../routing/typed-hrefs.ts'
import { redirectLocation } from './protocol.ts'

const REDIRECT = 'FRAMEWORK_REDIRECT'
const FALLBACK = 'FRAMEWORK_HTTP_FALLBACK'

/** A redirect's history mode, as a value too (`redirect(url, RedirectType.replace)`), as in Next.js. */
export const RedirectType = { push: 'push', replace: 'replace' } as const
export type RedirectType = (typeof RedirectType)[keyof typeof RedirectType]
export type FallbackStatus = 401 | 403 | 404

/**
 * An interrupt as read back from its digest. `signal` says which one (`type` is a redirect's
 * history mode, as RedirectType in the App Router).
 */
export type Interrupt =
  | { signal: 'redirect'; url: string; status: 307 | 308; type: RedirectType | undefined }
  | { signal: 'fallback'; status: FallbackStatus }

class InterruptError extends Error {
  constructor(
    message: string,
    readonly digest: string,
  ) {
    super(message)
  }
}

/** The error redirect() throws; the client rejects a server function call that redirected with it. */
export function redirectError(url: string, status: 307 | 308, type?: RedirectType): Error {
  return new InterruptError(
    `Redirecting to ${url}. (redirect() throws; do not catch it, or rethrow it with isRedirectError().)`,
    `${REDIRECT};${type ?? ''};${status};${url}`,
  )
}

function throwRedirect(url: string, status: 307 | 308, type?: RedirectType): never {
  throw redirectError(url, status, type)
}

/** Sends the user to `url`: 307 before the page streams, a client navigation after. */
export function redirect<Href extends string>(url: TypedHref<Href>, type?: RedirectType): never {
  throwRedirect(url, 307, type)
}

/** As redirect(), with 308 (search engines move the page's ranking to the target). */
export function permanentRedirect<Href extends string>(
  url: TypedHref<Href>,
  type?: RedirectType,
): never {
  throwRedirect(url, 308, type)
}

function throwFallback(status: FallbackStatus, what: string): never {
  throw new InterruptError(
    `${what} (this error renders the nearest ${status} screen)`,
    `${FALLBACK};${status}`,
  )
}

export function notFound(): never {
  throwFallback(404, 'notFound() was called.')
}

export function unauthorized(): never {
  throwFallback(401, 'unauthorized() was called.')
}

export function forbidden(): never {
  throwFallback(403, 'forbidden() was called.')
}

function digestOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  if (typeof value === 'object' && value !== null && 'digest' in value) {
    return typeof value.digest === 'string' ? value.digest : undefined
  }
  return undefined
}

/** Reads an interrupt from an error (or a bare digest); null for any other error. */
export function parseInterrupt(error: unknown): Interrupt | null {
  const digest = digestOf(error)
  if (!digest) return null
  if (digest.startsWith(`${REDIRECT};`)) {
    const [, type, status, ...url] = digest.split(';')
    if (
      (status !== '307' && status !== '308') ||
      (type !== '' && type !== 'push' && type !== 'replace')
    ) {
      return null
    }
    return {
      signal: 'redirect',
      // Whoever follows it (a Location header, the client router) gets the target that cannot
      // leave the site when it is a path (protocol.ts).
      url: redirectLocation(url.join(';')),
      status: Number(status) as 307 | 308,
      type: type || undefined,
    }
  }
  if (digest.startsWith(`${FALLBACK};`)) {
    const status = Number(digest.slice(FALLBACK.length + 1))
    if (status === 401 || status === 403 || status === 404) return { signal: 'fallback', status }
  }
  return null
}

export function isRedirectError(error: unknown): boolean {
  return parseInterrupt(error)?.signal === 'redirect'
}

export function isHTTPAccessFallbackError(error: unknown): boolean {
  return parseInterrupt(error)?.signal === 'fallback'
}
