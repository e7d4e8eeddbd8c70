// What the router shows (a Navigation) and how a navigation's target is loaded. Every request
// (push, replace, refresh, Back/Forward, a server function's update) supersedes the navigation
// in flight: its timer is cleared, so it can never turn into a document load.
import { loadTimeoutMs } from 'virtual:framework/client-options'
import { isConnectionClosedError } from './connection-closed.ts'
import { loadPayload, reusablePayload, type StateChoice } from './payload-cache.ts'
import { type PagePayload, routerMemory } from './router-memory.ts'

type Action = 'initial' | 'push' | 'replace' | 'pop' | 'refresh'

export interface Navigation {
  /** Identifies the history entry, so back/forward find its page and scroll position. */
  key: string
  /** Pathname and search. */
  url: string
  hash: string
  payload: PagePayload
  action: Action
  scroll: boolean
  /** Turns the navigation into a document load if it has not committed in time. */
  timeout?: ReturnType<typeof setTimeout>
}

export const newKey = () => Math.random().toString(36).slice(2, 10)
export const currentUrl = () => location.pathname + location.search

/** A newer request replaces the navigation in flight: its timer and document load are dropped. */
export function supersede(): number {
  clearTimeout(routerMemory.pendingTimeout)
  routerMemory.pendingTimeout = undefined
  return ++routerMemory.latestNavigation
}

/**
 * The target's payload (reused if still fresh) and a timer. If the payload cannot be had (not an
 * RSC payload of this build, a network error) or the page has not shown within the load
 * timeout, the browser loads the URL as a document instead, so the user is never stuck.
 */
export function startLoading(
  href: string,
  fallback: 'assign' | 'replace',
  state?: StateChoice,
): Pick<Navigation, 'payload' | 'timeout'> {
  const id = supersede()
  const url = new URL(href, location.href)
  const documentLoad = () => {
    if (id === routerMemory.latestNavigation) location[fallback](url.href)
  }
  const key = url.pathname + url.search
  const fetchIt = () => loadPayload(key, 'navigation', state).payload
  // A prefetch still in flight may end with no payload (the route is dynamic): then fetch it.
  const payload = (reusablePayload(key, state)?.catch(fetchIt) ?? fetchIt()).catch(
    (error: unknown) => {
      // A payload that began and then broke off is shown as such (the connection-closed notice);
      // anything else that kept us from a payload of this build becomes a document load.
      if (isConnectionClosedError(error)) throw error
      documentLoad()
      return new Promise<never>(() => {})
    },
  )
  routerMemory.pendingTimeout = setTimeout(documentLoad, loadTimeoutMs)
  payload.then((resolved) => routerMemory.settledPayloads.set(payload, resolved)).catch(() => {})
  return { payload, timeout: routerMemory.pendingTimeout }
}
