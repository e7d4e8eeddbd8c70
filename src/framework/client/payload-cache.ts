// Payloads the router may reuse instead of fetching again: prefetched or visited pages of
// static routes for their stale time (300 s by default), of dynamic routes not at all (0 s).
// Keyed by pathname and search, and by the router state sent with the request (an app with
// `@slot` folders or intercepting routes): a payload fetched from one page may show an
// interception or kept slots that another page must not get. A fetch in flight is shared by
// whoever asks for the same URL with the same state.
import { dynamicStaleTime, staticStaleTime } from 'virtual:framework/client-options'
import type { RscPayload } from '../wire/payload.ts'
import { encodeRouterState, type Rendering } from '../wire/protocol.ts'
import { fetchPayload } from './fetch-payload.ts'

/** The router state header of the page on screen, or null (the app has no slots). */
let routerState: string | null = null

/** Called when a page commits: its payload's slots and its URL are the state sent from now on. */
export function setRouterState(payload: RscPayload, pathname: string): void {
  routerState = payload.routerState
    ? encodeRouterState({ from: pathname, slots: payload.routerState })
    : null
}

/** The router state header's value for requests from the page on screen. */
export function currentRouterState(): string | null {
  return routerState
}

/** `null` state: the URL's own view (a document's), as Back to an entry no longer kept needs. */
export type StateChoice = string | null | undefined
const keyOf = (url: string, state: StateChoice) => {
  const sent = state === undefined ? routerState : state
  return sent === null ? url : `${url}\n${sent}`
}

interface Entry {
  payload: Promise<RscPayload>
  /** When the request started: the stale time counts from there. */
  startedAt: number
  /** Unknown until the response's headers arrive. */
  kind: Rendering | 'pending'
  done: Promise<void>
}

const ENTRIES_KEPT = 100
const entries = new Map<string, Entry>()
/** URLs whose payloads the server called dynamic: prefetching them again would be wasted. */
const dynamicUrls = new Set<string>()

export function isKnownDynamic(url: string): boolean {
  return dynamicUrls.has(keyOf(url, undefined))
}

function isReusable(entry: Entry): boolean {
  if (entry.kind === 'pending') return true
  const staleTime = entry.kind === 'static' ? staticStaleTime : dynamicStaleTime
  return (Date.now() - entry.startedAt) / 1000 < staleTime
}

/** A payload for `url` that may be shown as it is, if there is one. */
export function reusablePayload(
  url: string,
  state: StateChoice = undefined,
): Promise<RscPayload> | undefined {
  const key = keyOf(url, state)
  const entry = entries.get(key)
  if (!entry) return undefined
  if (isReusable(entry)) return entry.payload
  entries.delete(key)
  return undefined
}

/** Fetches `url`'s payload into the cache. `done` settles when its response has ended. */
export function loadPayload(
  url: string,
  purpose: 'navigation' | 'prefetch',
  state: StateChoice = undefined,
): Pick<Entry, 'payload' | 'done'> {
  const sent = state === undefined ? routerState : state
  const key = keyOf(url, sent)
  const fetched = fetchPayload(url, purpose, sent)
  const entry: Entry = {
    // Only a prefetch can get the bodiless answer, and nothing awaits a prefetch's payload.
    payload: fetched.then((f) => f.payload ?? Promise.reject(new Error(`No payload for ${url}.`))),
    startedAt: Date.now(),
    kind: 'pending',
    done: fetched.then(
      (f) => f.done,
      () => {},
    ),
  }
  entry.payload.catch(() => {}) // whoever uses the payload handles its failure
  fetched.then(
    (f) => {
      entry.kind = f.kind
      if (f.kind === 'dynamic' && dynamicUrls.size < ENTRIES_KEPT) dynamicUrls.add(key)
      if (!f.payload && entries.get(key) === entry) entries.delete(key)
    },
    () => {
      if (entries.get(key) === entry) entries.delete(key)
    },
  )
  entries.delete(key)
  entries.set(key, entry)
  if (entries.size > ENTRIES_KEPT) entries.delete(entries.keys().next().value!)
  return entry
}

/** After router.refresh() or a server function that revalidated: nothing cached is current. */
export function clearPayloadCache(): void {
  entries.clear()
}
