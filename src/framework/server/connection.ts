// connection(), as in the App Router: `await connection()` says the render belongs to the
// request, like reading headers(): a page that awaits it is never stored as static. In a
// `force-static` render it resolves without that effect (as in Next.js): that page is static.
import { currentScope } from '../cache/scope.ts'
import { holeInShell, isRequestHidden, markDynamic } from '../request/dynamic-reads.ts'
import { requestPhase } from './request-store.ts'

export function connection(): Promise<void> {
  if (requestPhase() === undefined) {
    throw new Error(
      'connection() was called outside a request. Call it from a server component, a server function, a route handler or the middleware while it handles a request.',
    )
  }
  const scope = currentScope()
  if (scope) {
    throw new Error(
      `connection() was called inside ${scope.label}. A cached value is shared by all requests, so it cannot wait for one; call connection() outside the cached function.`,
    )
  }
  if (isRequestHidden()) return Promise.resolve()
  const hole = holeInShell('connection()')
  if (hole) return hole
  markDynamic('connection()')
  return Promise.resolve()
}
