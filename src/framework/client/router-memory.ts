// The client router's state outside React, in one object created here once: what it remembers
// for the life of the tab (the pages and scroll positions of history entries), which navigation
// is the latest, and where server function answers go. Each field says which module changes it.
// The navigation on screen and the one in flight are React state, kept by the Router
// (router.tsx). Not the "router state" of payload-cache.ts, which is the slots a page shows.
import type { RscPayload } from '../wire/payload.ts'

/** A page's payload, as shown or still arriving. */
export type PagePayload = RscPayload | Promise<RscPayload>

export interface RouterMemory {
  /**
   * The pages of this tab's history entries, by entry key, for instant Back/Forward; the oldest
   * go first. Changed only through history-payloads.ts: added at each commit (history-sync.ts),
   * one dropped when a server function's answer for it is not shown (server-answers.ts), all
   * dropped when data changed on the server (router.refresh(), call-server.ts).
   */
  payloadsByKey: Map<string, PagePayload>
  /**
   * The scroll position of each history entry, by key: written as the page scrolls, read when
   * Back/Forward shows the entry again (history-sync.ts).
   */
  scrollByKey: Map<string, number>
  /**
   * Payloads as they resolved, by their promise: written by startLoading() (navigation.ts), read
   * by the commit (history-sync.ts) to learn where a middleware redirect led.
   */
  settledPayloads: WeakMap<PagePayload, RscPayload>
  /**
   * Numbers the navigation loads: only the newest may fall back to a document load, older ones
   * were superseded. Incremented by supersede() (navigation.ts).
   */
  latestNavigation: number
  /**
   * The load timer of the navigation in flight: set by startLoading(), cleared by supersede()
   * (navigation.ts).
   */
  pendingTimeout: ReturnType<typeof setTimeout> | undefined
  /**
   * Counts the navigations requested (not server function updates): incremented by the Router
   * (router.tsx) at each one. A server function's answer is applied only if none was requested
   * since its call started (server-answers.ts).
   */
  requestCount: number
  /**
   * The key of the latest navigation requested (pending or committed): set by the Router
   * (router.tsx), read as the page a server function is called on (server-answers.ts).
   */
  requestedKey: string | undefined
  /**
   * Shows what a server function call sent back: registered by the mounted Router, removed when
   * it unmounts (server-answers.ts).
   */
  serverUpdateSink: ((payload: RscPayload) => void) | null
  /**
   * An answer that came while no Router had registered its sink (a call made during hydration
   * whose answer beat the commit), shown when it registers. Only the latest is kept, as a later
   * answer would supersede an earlier one anyway (server-answers.ts).
   */
  waitingUpdate: RscPayload | null
}

export const routerMemory: RouterMemory = {
  payloadsByKey: new Map(),
  scrollByKey: new Map(),
  settledPayloads: new WeakMap(),
  latestNavigation: 0,
  pendingTimeout: undefined,
  requestCount: 0,
  requestedKey: undefined,
  serverUpdateSink: null,
  waitingUpdate: null,
}
