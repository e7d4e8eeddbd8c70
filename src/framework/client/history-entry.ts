// What the router keeps in each history entry (`history.state`): a key, by which Back and Forward
// find the entry's page and scroll position while the router holds them, and the router state
// the page was shown with. With that state, an entry whose page the router no longer holds (after
// a reload, a refresh, or 50 entries on) is fetched as it was shown: a note opened as a dialog over
// the list is a dialog again, as in Next.js (docs/routing.md, "Intercepting routes").
import type { RouterState } from '../routing/types.ts'
import { toRouterState } from '../wire/protocol.ts'

export interface HistoryEntry {
  key?: string
  routerState?: RouterState
}

/**
 * The entry's state, as this router wrote it. Another script (or an older build) may have put
 * anything there: what is not ours is left out, checked as the server checks a router state.
 */
export function readHistoryEntry(state: unknown): HistoryEntry {
  if (typeof state !== 'object' || state === null) return {}
  const { key, routerState: stored } = state as { key?: unknown; routerState?: unknown }
  const routerState = toRouterState(stored)
  return {
    ...(typeof key === 'string' && { key }),
    ...(routerState && { routerState }),
  }
}

/** Records the router state of the entry on screen, if it is still the entry of `key`. */
export function keepRouterState(key: string, routerState: RouterState | null): void {
  // Back or Forward may have moved on to another entry meanwhile: that one is not this page's.
  if (routerState === null || readHistoryEntry(history.state).key !== key) return
  history.replaceState({ key, routerState } satisfies HistoryEntry, '')
}
