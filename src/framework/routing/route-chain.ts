// What a folder of a route's chain (root to leaf) sees as the route renders: the slot the route
// passes through below it, the nearest folder with a given file, the params in scope.
import type { SegmentFileRole } from './segment-files.ts'
import type { Params, Route, RouteDirectory } from './types.ts'

export const CHILDREN_SLOT = 'children'

/** The slot `chain` goes into below its folder at `depth`: an `@name` folder's, else `children`. */
export function slotAt(chain: readonly RouteDirectory[], depth: number): string {
  const next = chain[depth + 1]
  return next?.type === 'slot' ? next.name : CHILDREN_SLOT
}

/** The deepest folder at or above `depth` in `chain` that has a file in `role`, or -1. */
export function nearestWith(chain: RouteDirectory[], depth: number, role: SegmentFileRole): number {
  for (let at = Math.min(depth, chain.length - 1); at >= 0; at--) {
    if (chain[at]!.files[role]) return at
  }
  return -1
}

/** The params a folder of the chain can see: those of its own and its ancestors' segments. */
export function paramsUpTo(route: Pick<Route, 'chain'>, depth: number, params: Params): Params {
  const visible: Params = {}
  for (const dir of route.chain.slice(0, depth + 1)) {
    const value = params[dir.name]
    if (dir.type !== 'static' && dir.type !== 'group' && value !== undefined) {
      visible[dir.name] = value
    }
  }
  return visible
}
