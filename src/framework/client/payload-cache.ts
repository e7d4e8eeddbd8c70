// Payloads the router may reuse instead of fetching again: prefetched or visited pages of
// static routes for their stale time (300 s by default), of dynamic routes not at all (0 s).
// Keyed by pathname and search. A fetch in flight is shared by whoever asks for the same URL.
// In an app with `@slot` folders or intercepting routes, requests carry the router state of the
// page on screen, and a payload may depend on it (an interception, slots it kept): the server
// says what of the state it read (HEADER_ROUTER_STATE_READS), and the payload is reused only
// from a page whose state agrees on that (docs/protocol.md, "Router state").
import { dynamicStaleTime, staticStaleTime } from 'virtual:framework/client-options'
import { FROM_READ } from '../routing/slot-view.ts'
import type { RouterState } from '../routing/types.ts'
import type { RscPayload } from '../wire/payload.ts'
import { encodeRouterState, type Rendering } from '../wire/protocol.ts'
import { fetchPayload } from './fetch-payload.ts'

interface SentState {
  state: RouterState
  header: string
}

/** The router state of the page on screen, or null (the app has no slots). */
let current: SentState | null = null

const sentState = (state: RouterState): SentState => ({ state, header: encodeRouterState(state) })

/**
 * Called when a page commits: its payload's slots and its URL are the state sent from now on.
 * Returns that state, which the router keeps in the page's history entry.
 */
export function setRouterState(payload: RscPayload, pathname: string): RouterState | null {
  const state = payload.routerState ? { from: pathname, slots: payload.routerState } : null
  current = state ? sentState(state) : null
  return state
}

/** The router state header's value for requests from the page on screen. */
export function currentRouterState(): string | null {
  return current?.header ?? null
}

/**
 * The state a request is made with: the page on screen's (`undefined`), none (`null`: the URL's
 * own view), or a history entry's own, kept with it: Back or Forward to an entry the router no
 * longer holds shows it as it was (a dialog again), as a refresh of that page would.
 */
export type StateChoice = RouterState | null | undefined
function stateFor(choice: StateChoice): SentState | null {
  if (choice === undefined) return current
  return choice === null ? null : sentState(choice)
}

/** What a state says about the parts of it a payload read. */
function readsOf(sent: SentState | null, reads: readonly string[]): string {
  return JSON.stringify(
    reads.map((read) => (read === FROM_READ ? sent?.state.from : sent?.state.slots[read]) ?? null),
  )
}

interface Entry {
  payload: Promise<RscPayload>
  /** When the request started: the stale time counts from there. */
  startedAt: number
  /** Unknown until the response's headers arrive. */
  kind: Rendering | 'pending'
  done: Promise<void>
  /** The router state it was fetched with. */
  sent: SentState | null
  /** What of that state the server read; unknown until the response's headers arrive. */
  reads: readonly string[] | 'pending'
}

const ENTRIES_KEPT = 100
const entries = new Map<string, Entry>()
/** URLs whose payloads the server called dynamic: prefetching them again would be wasted. */
const dynamicUrls = new Set<string>()

export function isKnownDynamic(url: string): boolean {
  return dynamicUrls.has(url)
}

function isReusable(entry: Entry, sent: SentState | null): boolean {
  // In flight: shared with a request for the same state only; answered: if the parts read agree.
  if (entry.reads === 'pending') {
    if ((entry.sent?.header ?? null) !== (sent?.header ?? null)) return false
  } else if (
    entry.reads.length > 0 &&
    readsOf(entry.sent, entry.reads) !== readsOf(sent, entry.reads)
  ) {
    return false
  }
  if (entry.kind === 'pending') return true
  const staleTime = entry.kind === 'static' ? staticStaleTime : dynamicStaleTime
  return (Date.now() - entry.startedAt) / 1000 < staleTime
}

/** A payload for `url` that may be shown as it is, if there is one. */
export function reusablePayload(
  url: string,
  state: StateChoice = undefined,
): Promise<RscPayload> | undefined {
  const entry = entries.get(url)
  if (!entry) return undefined
  if (isReusable(entry, stateFor(state))) return entry.payload
  if (entry.kind !== 'pending') entries.delete(url)
  return undefined
}

/** Fetches `url`'s payload into the cache. `done` settles when its response has ended. */
export function loadPayload(
  url: string,
  purpose: 'navigation' | 'prefetch',
  state: StateChoice = undefined,
): Pick<Entry, 'payload' | 'done'> {
  const sent = stateFor(state)
  const fetched = fetchPayload(url, purpose, sent?.header ?? null)
  const entry: Entry = {
    // Only a prefetch can get the bodiless answer, and nothing awaits a prefetch's payload.
    payload: fetched.then((f) => f.payload ?? Promise.reject(new Error(`No payload for ${url}.`))),
    startedAt: Date.now(),
    kind: 'pending',
    done: fetched.then(
      (f) => f.done,
      () => {},
    ),
    sent,
    reads: 'pending',
  }
  entry.payload.catch(() => {}) // whoever uses the payload handles its failure
  fetched.then(
    (f) => {
      entry.kind = f.kind
      entry.reads = f.routerStateReads
      // A view of the client's state (an interception) says nothing of the URL's own route.
      const ownView = f.routerStateReads.length === 0
      if (f.kind === 'dynamic' && ownView && dynamicUrls.size < ENTRIES_KEPT) dynamicUrls.add(url)
      if (!f.payload && entries.get(url) === entry) entries.delete(url)
    },
    () => {
      if (entries.get(url) === entry) entries.delete(url)
    },
  )
  entries.delete(url)
  entries.set(url, entry)
  if (entries.size > ENTRIES_KEPT) entries.delete(entries.keys().next().value!)
  return entry
}

/** After router.refresh() or a server function that revalidated: nothing cached is current. */
export function clearPayloadCache(): void {
  entries.clear()
}
