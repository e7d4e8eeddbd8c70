// The pages of this tab's history entries, kept so that Back/Forward shows them at once. Only the
// latest 50 are kept; an entry whose page is gone is fetched again (history-sync.ts).
import { clearPayloadCache } from './payload-cache.ts'
import { type PagePayload, routerMemory } from './router-memory.ts'

const HISTORY_PAYLOADS_KEPT = 50

/** Keeps the page of the entry `key` shown, as its newest; the oldest goes past the limit. */
export function rememberPayload(key: string, payload: PagePayload): void {
  const { payloadsByKey } = routerMemory
  payloadsByKey.delete(key)
  payloadsByKey.set(key, payload)
  if (payloadsByKey.size > HISTORY_PAYLOADS_KEPT) {
    payloadsByKey.delete(payloadsByKey.keys().next().value!)
  }
}

export function rememberedPayload(key: string): PagePayload | undefined {
  return routerMemory.payloadsByKey.get(key)
}

/** The page of the entry `key` is no longer current (its data changed). */
export function forgetPayload(key: string): void {
  routerMemory.payloadsByKey.delete(key)
}

/** After data changed on the server: no cached page (prefetched, visited, in history) is current. */
export function forgetCachedPages(): void {
  clearPayloadCache()
  routerMemory.payloadsByKey.clear()
}
