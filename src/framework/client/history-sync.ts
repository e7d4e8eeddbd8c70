// Keeps the browser's history and scroll position in step with the router: a page that commits
// is recorded in history (pushed or replaced) and scrolled to; Back/Forward shows the entry's
// page again, remembered or fetched, at the position it was left at.
import { type RefObject, useEffect, useLayoutEffect } from 'react'
import { onlySlotsChanged } from '../routing/slot-changes.ts'
import type { RscPayload } from '../wire/payload.ts'
import { keepRouterState, readHistoryEntry } from './history-entry.ts'
import { rememberedPayload, rememberPayload } from './history-payloads.ts'
import { currentUrl, type Navigation, newKey, startLoading, supersede } from './navigation.ts'
import { setRouterState } from './payload-cache.ts'
import { type PagePayload, routerMemory } from './router-memory.ts'

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

/** A payload as it resolved, if it has. */
function settled(payload: PagePayload): RscPayload | undefined {
  return payload instanceof Promise ? routerMemory.settledPayloads.get(payload) : payload
}

/** Commit: the new page is on screen; now record it in history and scroll. */
export function useHistoryCommit(navigation: Navigation, committed: RefObject<Navigation>): void {
  useLayoutEffect(() => {
    const redirected = routerMemory.settledPayloads.get(navigation.payload)?.redirectedTo
    // The payload's fetch followed the middleware's redirect: the URL is the target's from now on.
    if (redirected) navigation.url = redirected
    const { action, key, url, hash } = navigation
    clearTimeout(navigation.timeout)
    // As Next: a navigation that changed only a slot (the children slots show what they showed)
    // keeps the scroll position, unless the URL names an element.
    const slotsOnly = onlySlotsChanged(
      settled(committed.current.payload)?.routerState,
      settled(navigation.payload)?.routerState,
    )
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
    if (action === 'pop') window.scrollTo(0, routerMemory.scrollByKey.get(key) ?? 0)
    else if (navigation.scroll && (hash || !slotsOnly)) scrollToHashOrTop(hash)
  }, [navigation, committed])
}

/**
 * Back/Forward: shows the entry's page, the remembered one or fetched again, as a navigation
 * `start`ed like any other. Records the scroll position of the page on screen meanwhile.
 */
export function useBackForward(
  committed: RefObject<Navigation>,
  start: (next: Navigation) => void,
): void {
  useEffect(() => {
    history.scrollRestoration = 'manual'
    const onScroll = () => routerMemory.scrollByKey.set(committed.current.key, window.scrollY)
    const onPopState = (event: PopStateEvent) => {
      const { key: stateKey, routerState } = readHistoryEntry(event.state)
      const url = currentUrl()
      // A hash change within the page (the browser's own entry, or back to ours) is the
      // browser's to scroll.
      if (url === committed.current.url && (!stateKey || stateKey === committed.current.key)) return
      const key = stateKey ?? newKey()
      const remembered = rememberedPayload(key)
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
    return () => {
      window.removeEventListener('scroll', onScroll)
      window.removeEventListener('popstate', onPopState)
    }
  }, [committed, start])
}
