// Payloads the router may reuse instead of fetching again: prefetched or visited pages of
// static routes for their stale time (300 s by default), of dynamic routes not at all (0 s).
// Keyed by pathname and search. A fetch in flight is shared by whoever asks for the same URL.
import { dynamicStaleTime, staticStaleTime } from 'virtual:framework/client-options'
import type { RscPayload } from '../wire/payload.ts'
import type { RouteKind } from '../wire/protocol.ts'
import { fetchPayload } from './fetch-payload.ts'

interface Entry {
  payload: Promise<RscPayload>
  /** When the request started: the stale time counts from there. */
  startedAt: number
  /** Unknown until the response's headers arrive. */
  kind: RouteKind | 'pending'
  done: Promise<void>
}

const ENTRIES_KEPT = 100
const entries = new Map<string, Entry>()
/** URLs whose payloads the server called dynamic: prefetching them again would be wasted. */
const dynamicUrls = new Set<string>()

export function isKnownDynamic(url: string): boolean {
  return dynamicUrls.has(url)
}

function isReusable(entry: Entry): boolean {
  if (entry.kind === 'pending') return true
  const staleTime = entry.kind === 'static' ? staticStaleTime : dynamicStaleTime
  return (Date.now() - entry.startedAt) / 1000 < staleTime
}

/** A payload for `url` that may be shown as it is, if there is one. */
export function reusablePayload(url: string): Promise<RscPayload> | undefined {
  const entry = entries.get(url)
  if (!entry) return undefined
  if (isReusable(entry)) return entry.payload
  entries.delete(url)
  return undefined
}

/** Fetches `url`'s payload into the cache. `done` settles when its response has ended. */
export function loadPayload(
  url: string,
  purpose: 'navigation' | 'prefetch',
): Pick<Entry, 'payload' | 'done'> {
  const fetched = fetchPayload(url, purpose)
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
      if (f.kind === 'dynamic' && dynamicUrls.size < ENTRIES_KEPT) dynamicUrls.add(url)
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
