// draftMode(), as in the App Router: enable() and disable() in route handlers and server
// functions set or clear a cookie whose value is a secret of this build (or the configured
// `draftModeSecret`), so a forged cookie, or one copied from another build, does nothing. With it,
// static pages and static route handlers render per request and are neither stored nor served
// from the static store (server/serve-page.ts, server/static-route-handlers.ts). Reading `isEnabled` does not make a
// render dynamic: a static page is rendered detached, without cookies, so it reads false there.
import { createHash, timingSafeEqual } from 'node:crypto'
import { refuseInsideCache } from '../cache/scope.ts'
import { COOKIE_DRAFT_MODE } from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import { type CookieStore, cookies } from './request-apis.ts'
import { requestCookie, requestPhase, servingCore } from './request-store.ts'

export interface DraftMode {
  /** Whether this request carries this build's draft cookie (or enable() ran in it). */
  readonly isEnabled: boolean
  /** Only in route handlers, server functions and the middleware: sets the draft cookie. */
  enable(): void
  /** Only in route handlers, server functions and the middleware: clears the draft cookie. */
  disable(): void
}

/** The handler's secret: its `draftModeSecret` option, else the one its build made. */
function secret(): string | undefined {
  return servingCore()?.config.draftModeSecret
}

const digest = (text: string) => createHash('sha256').update(text).digest()

/** Whether `value` is `expected`, compared in constant time (hashes have equal lengths). */
export function isDraftCookieValue(
  value: string | undefined,
  expected: string | undefined,
): boolean {
  if (value === undefined || expected === undefined) return false
  return timingSafeEqual(digest(value), digest(expected))
}

/** Whether the current request, served by `core`, is in draft mode (the pipeline asks). */
export function isDraftModeRequest(core: Core): boolean {
  return isDraftCookieValue(requestCookie(COOKIE_DRAFT_MODE), core.config.draftModeSecret)
}

/** The request's draft mode, as in Next.js 15+: awaitable. */
export async function draftMode(): Promise<DraftMode> {
  refuseInsideCache('draftMode()', 'draft mode')
  const phase = requestPhase()
  if (phase === undefined) {
    throw new Error(
      'draftMode() was called outside a request. Call it from a server component, a server function, a route handler or the middleware while it handles a request.',
    )
  }
  // Only where cookies may be written: reading cookies() in a render would make it dynamic.
  const store: CookieStore | undefined = phase === 'render' ? undefined : await cookies()
  const writable = (method: string): CookieStore => {
    if (store) return store
    throw new Error(
      `draftMode().${method}() can only be called in a server function, a route handler or the middleware, not while rendering a component.`,
    )
  }
  return {
    get isEnabled() {
      return isDraftCookieValue(requestCookie(COOKIE_DRAFT_MODE), secret())
    },
    enable() {
      const value = secret()
      if (value === undefined) {
        throw new Error(
          'draftMode().enable() needs a draftModeSecret: the built app has one; a handler made with createHandler() takes it in its config.',
        )
      }
      writable('enable').set(COOKIE_DRAFT_MODE, value, { httpOnly: true, sameSite: 'lax' })
    },
    disable() {
      writable('disable').delete(COOKIE_DRAFT_MODE)
    },
  }
}
