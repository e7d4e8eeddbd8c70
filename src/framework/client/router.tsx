// The client router: renders the current RSC payload and moves between pages by fetching the
// target's payload. A navigation is a state update inside a transition, so the old page stays
// interactive until the new one can show, and a newer navigation simply replaces the state of
// an older one. History and scroll are touched only when the new page commits (history-sync.ts).
// Every request (push, replace, refresh, Back/Forward, a server function's update) supersedes
// the navigation in flight (navigation.ts). Server function answers arrive through
// server-answers.ts; what the router keeps outside React is in router-memory.ts.
// See docs/routing.md.

import {
  lazy,
  type ReactNode,
  use,
  useEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react'
import type { RscPayload } from '../wire/payload.ts'
import {
  ConnectionClosedDocument,
  type ErrorComponent,
  GlobalErrorBoundary,
} from './boundaries.tsx'
import { readHistoryEntry } from './history-entry.ts'
import { forgetCachedPages } from './history-payloads.ts'
import { useBackForward, useHistoryCommit } from './history-sync.ts'
import { currentUrl, type Navigation, newKey, startLoading, supersede } from './navigation.ts'
import { type NavigateOptions, NavigationContext, type RouterApi } from './navigation-context.tsx'
import { prefetch } from './prefetch.ts'
import { routerMemory } from './router-memory.ts'
import { isScriptUrl } from './script-urls.ts'
import { useServerAnswers } from './server-answers.ts'
import { refreshOnServerCodeChange } from './server-code-changes.ts'

/**
 * The framework's global error screen, for an app without global-error.tsx: loaded when shown.
 * Should that fail (the network is gone, a newer build replaced it), the connection notice.
 */
const DefaultGlobalError = lazy<ErrorComponent>(() =>
  import('../../fallbacks/global-error.tsx').catch(() => ({ default: ConnectionClosedDocument })),
)

/** Suspends for good: rendered once the document is unloading for another origin. */
function Unloading({ unloaded }: { unloaded: Promise<never> }): ReactNode {
  return use(unloaded)
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
  // Set when a router call loads another origin: as in Next, the transition that made it stays
  // pending until the document unloads (a navigation started after it clears it).
  const [leaving, setLeaving] = useState<Promise<never> | null>(null)
  const [isPending, startTransition] = useTransition()
  const committed = useRef(navigation)
  // Hydration renders the URL the server rendered: a static page's has no query (it is the same
  // for every visitor). The browser's own URL, query included, shows right after.
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  /** The latest navigation requested: the committed one, or the one in flight. */
  const requested = useRef(navigation)
  routerMemory.requestedKey ??= navigation.key

  const { router, show, start } = useMemo(() => {
    const show = (next: Navigation) => {
      requested.current = next
      routerMemory.requestedKey = next.key
      setRequestedUrl(next.url)
      startTransition(() => {
        setNavigation(next)
        setLeaving(null)
      })
    }
    const start = (next: Navigation) => {
      routerMemory.requestCount++
      show(next)
    }
    const go = (href: string, action: 'push' | 'replace', navigateOptions?: NavigateOptions) => {
      const url = new URL(href, location.href)
      if (isScriptUrl(url)) return
      const fallback = action === 'push' ? 'assign' : 'replace'
      if (url.origin !== location.origin) {
        supersede()
        location[fallback](url.href)
        setRequestedUrl(null)
        startTransition(() => setLeaving(new Promise<never>(() => {})))
        return
      }
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

  useHistoryCommit(navigation, committed)
  useServerAnswers(committed, show, start)
  useBackForward(committed, start)
  // Development: edited server code shows the page again, as router.refresh() does.
  useEffect(() => refreshOnServerCodeChange(router.refresh), [router])

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
      {leaving && <Unloading unloaded={leaving} />}
    </GlobalErrorBoundary>
  )
}
