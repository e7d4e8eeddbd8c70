// updateTag() and refresh(), as in Next.js 16: what only a server function may call. Both act on
// the function's own answer, which carries the page rendered again after it ran (docs/protocol.md,
// server functions): updateTag() makes that render read fresh data ("read your own writes"), and
// refresh() makes the client router forget the pages it kept (docs/caching.md).
import { revalidateTag } from '../cache/revalidate.ts'
import { maybeStore, partOf } from '../request/store.ts'
import { REFRESHED } from './request-store.ts'

function serverFunctionStore(api: string, instead: string) {
  const store = maybeStore()
  if (store?.phase !== 'action') {
    throw new Error(`${api} can only be called from a server function ("use server"). ${instead}`)
  }
  return store
}

/**
 * Expires `tag` at once, in a server function: the page its answer carries, rendered right after
 * it, waits for fresh data rather than showing what the tag's entries held. The promise settles
 * once the store (and so every process sharing it) has the invalidation.
 */
export function updateTag(tag: string): Promise<void> {
  serverFunctionStore(
    'updateTag()',
    'In a route handler or elsewhere, call revalidateTag() instead.',
  )
  return revalidateTag(tag)
}

/**
 * Makes the client router of the page that called this server function forget every page it
 * kept (as router.refresh() does): the page the answer carries is shown, and every later
 * navigation fetches afresh. Server data is not invalidated: see updateTag() and revalidateTag().
 */
export function refresh(): void {
  const store = serverFunctionStore(
    'refresh()',
    'In a client component, call useRouter().refresh() instead.',
  )
  partOf(store, REFRESHED).called = true
}
