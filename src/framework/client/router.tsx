// The client router: renders the current RSC payload and moves between pages by fetching the
// target's payload. A navigation is a state update inside a transition, so the old page stays
// interactive until the new one can show, and a newer navigation simply replaces the state of
// an older one. History and scroll are touched only when the new page commits.
// Every request (push, replace, refresh, Back/Forward, a server function's update) supersedes
// the navigation in flight: its timer is cleared, so it can never turn into a document load.
// See docs/routing.md.

import { loadTimeoutMs } from 'virtual:framework/client-options'
import {
  lazy,
  type ReactNode,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react'
import type { RscPayload } from '../wire/payload.ts'
import { redirectLocation } from '../wire/protocol.ts'
import {
  ConnectionClosedDocument,
  type ErrorComponent,
  GlobalErrorBoundary,
} from './boundaries.tsx'
import { isConnectionClosedError } from './connection-closed.ts'
import { keepRouterState, readHistoryEntry } from './history-entry.ts'
import { type NavigateOptions, NavigationContext, type RouterApi } from './navigation-context.tsx'
import {
  clearPayloadCache,
  loadPayload,
  reusablePayload,
  type StateChoice,
  setRouterState,
} from './payload-cache.ts'
import { prefetch } from './prefetch.ts'
import { isScriptUrl } from './script-urls.ts'
import { refreshOnServerCodeChange } from './server-code-changes.ts'

/**
 * The framework's global error screen, for an app without global-error.tsx: loaded when shown.
 * Should that fail (the network is gone, a newer build replaced it), the connection notice.
 */
const DefaultGlobalError = lazy<ErrorComponent>(() =>
  import('../../fallbacks/global-error.tsx').catch(() => ({ default: ConnectionClosedDocument })),
)

type Action = 'initial' | 'push' | 'replace' | 'pop' | 'refresh'

interface Navigation {
  /** Identifies the history entry, so back/forward find its page and scroll position. */
  key: string
  /** Pathname and search. */
  url: string
  hash: string
  payload: RscPayload | Promise<RscPayload>
  action: Action
  scroll: boolean
  /** Turns the navigation into a document load if it has not committed in time. */
  timeout?: ReturnType<typeof setTimeout>
}

/** Pages of the history entries of this tab, for instant back/forward; the oldest go first. */
const HISTORY_PAYLOADS_KEPT = 50
const payloadsByKey = new Map<string, RscPayload | Promise<RscPayload>>()
const scrollByKey = new Map<string, number>()

function rememberPayload(key: string, payload: RscPayload | Promise<RscPayload>) {
  payloadsByKey.delete(key)
  payloadsByKey.set(key, payload)
  if (payloadsByKey.size > HISTORY_PAYLOADS_KEPT) {
    payloadsByKey.delete(payloadsByKey.keys().next().value!)
  }
}

const newKey = () => Math.random().toString(36).slice(2, 10)
const currentUrl = () => location.pathname + location.search

/** The element id a hash names; a hash that is not valid percent-encoding is taken as it is. */
function hashId(hash: string): string {
  const raw = hash.slice(1)
  try {
    return decodeURIComponent(raw)
  } catch {
    return raw
  }
}

function scrollToHashOrTop(hash: string) {
  const id = hashId(hash)
  const target = id ? document.getElementById(id) : null
  if (target) target.scrollIntoView()
  else window.scrollTo(0, 0)
}

/** Payloads as they resolved, by their promise: the commit reads where a redirect led. */
const settledPayloads = new WeakMap<RscPayload | Promise<RscPayload>, RscPayload>()

/** Only the newest navigation may fall back to a document load; older ones were superseded. */
let latestNavigation = 0
/** The load timer of the navigation in flight. */
let pendingTimeout: ReturnType<typeof setTimeout> | undefined

/** A newer request replaces the navigation in flight: its timer and document load are dropped. */
function supersede(): number {
  clearTimeout(pendingTimeout)
  pendingTimeout = undefined
  return ++latestNavigation
}

/**
 * Counts the navigations requested (not server function updates): a server function's answer
 * is applied only if none was requested since its call started.
 */
let requestCount = 0

/**
 * The target's payload (reused if still fresh) and a timer. If the payload cannot be had (not an
 * RSC payload of this build, a network error) or the page has not shown within the load
 * timeout, the browser loads the URL as a document instead, so the user is never stuck.
 */
function startLoading(href: string, fallback: 'assign' | 'replace', state?: StateChoice) {
  const id = supersede()
  const url = new URL(href, location.href)
  const documentLoad = () => {
    if (id === latestNavigation) location[fallback](url.href)
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
  pendingTimeout = setTimeout(documentLoad, loadTimeoutMs)
  payload.then((resolved) => settledPayloads.set(payload, resolved)).catch(() => {})
  return { payload, timeout: pendingTimeout }
}

/** Identifies the page a server function was called on: see applyServerUpdate(). */
export interface CallOrigin {
  requestCount: number
  /** The history entry of the page, whose remembered payload is dropped if the answer is not shown. */
  key: string | undefined
}

/** The latest navigation requested (pending or committed), kept by the mounted Router. */
let requestedKey: string | undefined

export function callOrigin(): CallOrigin {
  return { requestCount, key: requestedKey }
}

/** Registered by the mounted Router (in an effect): shows what a server function call sent back. */
let serverUpdateSink: ((payload: RscPayload) => void) | null = null
/**
 * An answer that came while no Router had registered its sink (a call made during hydration
 * whose answer beat the commit): the Router shows it when it registers. Only the latest is kept,
 * as a later answer would supersede an earlier one anyway.
 */
let waitingUpdate: RscPayload | null = null

/**
 * Renders a server function's response (the re-rendered page, or the redirect target) if no
 * navigation was requested since the call started: the answer belongs to the page that made the
 * call. Otherwise that page's remembered payload is dropped (its data changed) and nothing else
 * changes. Returns whether the response was applied.
 */
export function applyServerUpdate(payload: RscPayload, origin: CallOrigin): boolean {
  if (origin.requestCount !== requestCount) {
    if (origin.key) payloadsByKey.delete(origin.key)
    return false
  }
  if (serverUpdateSink) serverUpdateSink(payload)
  else waitingUpdate = payload
  return true
}

/** After data changed on the server: no cached page (prefetched, visited, in history) is current. */
export function forgetCachedPages(): void {
  clearPayloadCache()
  payloadsByKey.clear()
}

function PayloadView({
  navigation,
  url,
  pendingUrl,
  router,
}: {
  navigation: Navigation
  url: string
  pendingUrl: string | null
  router: RouterApi
}): ReactNode {
  const payload =
    navigation.payload instanceof Promise ? use(navigation.payload) : navigation.payload
  return (
    <NavigationContext
      value={{
        // The middleware redirected the payload's fetch: the page is the target's.
        url: payload.redirectedTo ?? url,
        params: payload.params,
        router,
        pendingUrl,
      }}
    >
      {payload.tree}
    </NavigationContext>
  )
}

export function Router({ initial }: { initial: RscPayload }) {
  const [navigation, setNavigation] = useState<Navigation>(() => ({
    key: readHistoryEntry(history.state).key ?? newKey(),
    url: currentUrl(),
    hash: location.hash,
    payload: initial,
    action: 'initial',
    scroll: false,
  }))
  const [requestedUrl, setRequestedUrl] = useState<string | null>(null)
  const [isPending, startTransition] = useTransition()
  const committed = useRef(navigation)
  // Hydration renders the URL the server rendered: a static page's has no query (it is the same
  // for every visitor). The browser's own URL, query included, shows right after.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  /** The latest navigation requested: the committed one, or the one in flight. */
  const requested = useRef(navigation)
  requestedKey ??= navigation.key

  const { router, show, start } = useMemo(() => {
    const show = (next: Navigation) => {
      requested.current = next
      requestedKey = next.key
      setRequestedUrl(next.url)
      startTransition(() => setNavigation(next))
    }
    const start = (next: Navigation) => {
      requestCount++
      show(next)
    }
    const go = (href: string, action: 'push' | 'replace', navigateOptions?: NavigateOptions) => {
      const url = new URL(href, location.href)
      if (isScriptUrl(url)) return
      const fallback = action === 'push' ? 'assign' : 'replace'
      if (url.origin !== location.origin) return location[fallback](url.href)
      start({
        key: newKey(),
        url: url.pathname + url.search,
        hash: url.hash,
        ...startLoading(url.href, fallback),
        action,
        scroll: navigateOptions?.scroll ?? true,
      })
    }
    const router: RouterApi = {
      push: (href, navigateOptions) => go(href, 'push', navigateOptions),
      replace: (href, navigateOptions) => go(href, 'replace', navigateOptions),
      // Calls apply in the order made: during a navigation, refresh its target, as it goes.
      refresh: () => {
        forgetCachedPages()
        const target = requested.current
        const inFlight = target !== committed.current
        const action = inFlight ? target.action : 'refresh'
        start({
          ...target,
          ...startLoading(
            new URL(target.url, location.href).href,
            action === 'push' ? 'assign' : 'replace',
          ),
          action,
          scroll: inFlight && target.scroll,
        })
      },
      back: () => history.back(),
      forward: () => history.forward(),
      prefetch: (href, prefetchOptions) => {
        const url = new URL(href, location.href)
        if (url.origin !== location.origin) return
        prefetch(url.pathname + url.search, { urgent: prefetchOptions?.urgent ?? true })
      },
    }
    return { router, show, start }
  }, [])

  // Commit: the new page is on screen; now record it in history and scroll.
  useLayoutEffect(() => {
    const redirected = settledPayloads.get(navigation.payload)?.redirectedTo
    // The payload's fetch followed the middleware's redirect: the URL is the target's from now on.
    if (redirected) navigation.url = redirected
    const { action, key, url, hash } = navigation
    clearTimeout(navigation.timeout)
    committed.current = navigation
    rememberPayload(key, navigation.payload)
    if (action === 'push') history.pushState({ key }, '', url + hash)
    // Back/Forward or a refresh that was redirected shows the target's URL in its entry too.
    else if (action === 'replace' || action === 'initial' || redirected)
      history.replaceState({ key }, '', url + hash)
    // What the page's slots show is the router state of the next requests (payload-cache.ts),
    // and is kept in its history entry (history-entry.ts).
    const pathname = url.split('?')[0]!
    const shown = (payload: RscPayload) => {
      if (committed.current === navigation) keepRouterState(key, setRouterState(payload, pathname))
    }
    if (navigation.payload instanceof Promise) navigation.payload.then(shown)
    else shown(navigation.payload)
    if (action === 'pop') window.scrollTo(0, scrollByKey.get(key) ?? 0)
    else if (navigation.scroll) scrollToHashOrTop(hash)
  }, [navigation])

  // Where server function answers go, registered once this Router is on screen (after the commit
  // above, so that a refresh builds on the committed page) and removed when it unmounts.
  useLayoutEffect(() => {
    const sink = (payload: RscPayload) => {
      // No navigation was requested since the call: whatever is in flight started before it.
      supersede()
      const { redirect } = payload
      if (!redirect) {
        show({ ...committed.current, payload, action: 'refresh', scroll: false })
        return
      }
      // As the server's Location would say it (wire/protocol.ts): a path stays on this origin.
      const url = new URL(redirectLocation(redirect.url), location.href)
      start({
        key: newKey(),
        url: url.pathname + url.search,
        hash: url.hash,
        payload,
        action: redirect.type,
        scroll: true,
      })
    }
    serverUpdateSink = sink
    const waiting = waitingUpdate
    waitingUpdate = null
    if (waiting) sink(waiting)
    return () => {
      if (serverUpdateSink === sink) serverUpdateSink = null
    }
  }, [show, start])

  useEffect(() => {
    history.scrollRestoration = 'manual'
    const onScroll = () => scrollByKey.set(committed.current.key, window.scrollY)
    const onPopState = (event: PopStateEvent) => {
      const { key: stateKey, routerState } = readHistoryEntry(event.state)
      const url = currentUrl()
      // A hash change within the page (the browser's own entry, or back to ours) is the
      // browser's to scroll.
      if (url === committed.current.url && (!stateKey || stateKey === committed.current.key)) return
      const key = stateKey ?? newKey()
      const remembered = payloadsByKey.get(key)
      if (remembered) supersede()
      start({
        key,
        url,
        hash: location.hash,
        // An entry no longer remembered: fetched with the router state it was shown with, so it
        // shows as it was (a dialog again); with none, its URL's own view, as a reload shows it.
        ...(remembered
          ? { payload: remembered }
          : startLoading(location.href, 'replace', routerState ?? null)),
        action: 'pop',
        scroll: true,
      })
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    window.addEventListener('popstate', onPopState)
    const stopRefreshing = refreshOnServerCodeChange(router.refresh)
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('popstate', onPopState)
      stopRefreshing()
    }
  }, [router, start])

  return (
    <GlobalErrorBoundary
      pathname={navigation.url.split('?')[0]!}
      errorComponent={initial.globalError ?? DefaultGlobalError}
    >
      <PayloadView
        navigation={navigation}
        url={hydrated ? navigation.url : initial.url}
        pendingUrl={isPending ? requestedUrl : null}
        router={router}
      />
    </GlobalErrorBoundary>
  )
}
