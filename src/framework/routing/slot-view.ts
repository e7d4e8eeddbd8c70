// What every slot shows for a matched page in an app with parallel routes (`@slot` folders) or
// intercepting routes (docs/routing.md, "Parallel routes"): the view, built from the URL and, on
// a client navigation, the router state it sends back.
import { CHILDREN_SLOT, slotAt } from './route-chain.ts'
import { compareRoutes, matchesPrefix, matchPattern, segmentsOf } from './route-matching.ts'
import type {
  Branch,
  Params,
  Route,
  RouteDirectory,
  RouteMatch,
  RouterState,
  SlotState,
} from './types.ts'

/** The `reads` entry for the client's URL (slot entries all contain `@`). */
export const FROM_READ = 'from'

const slotKey = (dir: RouteDirectory, slot: string) => `${dir.dir}@${slot}`

/** The route table's lookups for resolving views. */
export interface SlotIndex {
  directories: Map<string, RouteDirectory>
  /** Every route (interceptors too) by the layout and slot it passes through. */
  bySlot: Map<string, Route[]>
  /** A page's interceptors, the deepest source first. */
  interceptorsOf: Map<Route, Route[]>
}

/** @param routes every route, interceptors too, in the order candidates are tried. */
export function indexSlots(
  directories: Map<string, RouteDirectory>,
  routes: readonly Route[],
  interceptorsOf: Map<Route, Route[]>,
): SlotIndex {
  const bySlot = new Map<string, Route[]>()
  for (const route of routes) {
    route.chain.forEach((dir, depth) => {
      if (dir.slots.length === 0) return
      const key = slotKey(dir, slotAt(route.chain, depth))
      bySlot.set(key, [...(bySlot.get(key) ?? []), route])
    })
  }
  return { directories, bySlot, interceptorsOf }
}

/** What one resolution gathers as it goes down the slots. */
interface Resolution {
  index: SlotIndex
  /** The route that answered the URL. */
  matched: Route
  routerState: RouterState | null
  state: Record<string, SlotState>
  stateDependent: boolean
  reads: Set<string>
}

/**
 * The view of `match`: with the client's state, an interceptor of the matched route may take its
 * place, and slots the URL does not match keep what they showed; every other slot shows its
 * match, else its default.tsx, else the URL is a 404 (null).
 */
export function resolveView(
  index: SlotIndex,
  match: RouteMatch,
  pathname: string,
  routerState: RouterState | null,
): RouteMatch | null {
  const interceptors = index.interceptorsOf.get(match.route) ?? []
  const attempt = (route: Route, params: Params, interceptedBelow: number) => {
    const reads = new Set<string>(interceptors.length > 0 ? [FROM_READ] : [])
    const resolution: Resolution = {
      index,
      matched: route,
      routerState,
      state: {},
      stateDependent: false,
      reads,
    }
    const branch = resolveBranch(resolution, route, params, pathname, -1, interceptedBelow)
    if (!branch) return null
    const { state, stateDependent } = resolution
    const dependent = stateDependent || interceptedBelow !== Infinity
    return { route, params, view: { branch, state, stateDependent: dependent, reads: [...reads] } }
  }
  if (routerState) {
    const segments = segmentsOf(pathname)
    // The page itself again (a refresh, a server function's re-render): intercepted if it was.
    const again = routerState.from === pathname
    const shownIntercepted = Object.values(routerState.slots).some(
      (slot) => slot.intercepted === true && slot.url === pathname,
    )
    for (const interceptor of interceptors) {
      const applies = again
        ? shownIntercepted
        : matchesPrefix(interceptor.intercept!.source, routerState.from)
      if (!applies) continue
      const params = matchPattern(interceptor.pattern, segments)
      if (!params) continue
      // Slots beside the interceptor, from its layout down, keep what they showed.
      const { chain } = interceptor
      const marked = chain.findLastIndex((d) => d.intercept !== undefined)
      let owner = marked - 1
      while (owner > 0 && chain[owner + 1]!.type !== 'slot') owner--
      const intercepted = attempt(
        interceptor,
        params,
        chain[owner + 1]!.type === 'slot' ? owner : marked - 1,
      )
      // A state that cannot show the slots beside it (a stale or forged one): no interception.
      if (intercepted) return intercepted
    }
  }
  return attempt(match.route, match.params, Infinity)
}

function defaultBranch(
  chain: RouteDirectory[],
  depth: number,
  slot: string,
  resolution: Resolution,
  params: Params,
  url: string,
): Branch | null {
  const owner = chain[depth]!
  const folders = chain.slice(0, depth + 1)
  if (slot !== CHILDREN_SLOT) {
    const slotDir = resolution.index.directories.get(`${owner.dir ? `${owner.dir}/` : ''}@${slot}`)
    if (slotDir) folders.push(slotDir)
  }
  const file = folders.at(-1)!.files.default
  if (!file || (slot !== CHILDREN_SLOT && folders.length === depth + 1)) return null
  return { chain: folders, file, kind: 'default', params, url, slots: {} }
}

/**
 * The branch of `route` below depth `below`: for each layout with slots deeper than that, what
 * its other slots show. Slots of layouts at or below `interceptedBelow` are not matched against
 * the URL (an interceptor shows it): they keep what they showed, or show their default.tsx.
 */
function resolveBranch(
  resolution: Resolution,
  route: Route,
  params: Params,
  url: string,
  below: number,
  interceptedBelow: number,
): Branch | null {
  const { chain } = route
  const branch: Branch = { chain, file: route.file, kind: 'page', params, url, slots: {} }
  const segments = segmentsOf(url)
  for (let depth = below + 1; depth < chain.length; depth++) {
    const owner = chain[depth]!
    if (owner.slots.length === 0) continue
    const own = slotAt(chain, depth)
    const shown: Record<string, Branch> = {}
    for (const slot of [CHILDREN_SLOT, ...owner.slots]) {
      if (slot === own) continue
      const candidates = resolution.index.bySlot.get(slotKey(owner, slot)) ?? []
      let found: Branch | null = null
      if (depth < interceptedBelow) {
        for (const candidate of candidates) {
          if (candidate.intercept) continue
          // A children page less specific than the page that answered the URL lost it.
          const lost = slot === CHILDREN_SLOT && compareRoutes(candidate, resolution.matched) > 0
          const matched = lost ? null : matchPattern(candidate.pattern, segments)
          if (!matched) continue
          found = resolveBranch(resolution, candidate, matched, url, depth, Infinity)
          break
        }
      }
      if (!found) resolution.reads.add(slotKey(owner, slot))
      const kept = resolution.routerState?.slots[slotKey(owner, slot)]
      if (!found && kept && typeof kept.url === 'string') {
        const keptSegments = segmentsOf(kept.url)
        for (const candidate of candidates) {
          if (Boolean(candidate.intercept) !== (kept.intercepted === true)) continue
          const matched = matchPattern(candidate.pattern, keptSegments)
          if (!matched) continue
          found = resolveBranch(resolution, candidate, matched, kept.url, depth, Infinity)
          if (found) resolution.stateDependent = true
          break
        }
      }
      found ??= defaultBranch(chain, depth, slot, resolution, params, url)
      if (!found) return null
      shown[slot] = found
      if (found.kind === 'page') {
        const intercepted = found.chain.some((d) => d.intercept !== undefined)
        resolution.state[slotKey(owner, slot)] = {
          url: found.url,
          ...(intercepted && { intercepted }),
        }
      }
    }
    const intercepted = chain.slice(depth).some((d) => d.intercept !== undefined)
    resolution.state[slotKey(owner, own)] = { url, ...(intercepted && { intercepted }) }
    branch.slots[depth] = shown
  }
  return branch
}
