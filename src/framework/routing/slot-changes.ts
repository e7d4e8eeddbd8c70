// Whether a navigation changed only what `@slot` folders show: the client router keeps the
// scroll position then, as Next does (docs/routing.md, "Parallel routes"). Read from the slots'
// state of the page before and after (a view's `state`, the router state the client sends back).
import { CHILDREN_SLOT } from './route-chain.ts'
import type { SlotState } from './types.ts'

const CHILDREN_KEY = `@${CHILDREN_SLOT}`

/**
 * True when every children slot the next page shows, at every layout with slots, shows what it
 * showed before: the URL's main content stayed, another slot changed. False without slots.
 */
export function onlySlotsChanged(
  before: Record<string, SlotState> | undefined,
  after: Record<string, SlotState> | undefined,
): boolean {
  if (!before || !after) return false
  const children = Object.keys(after).filter((key) => key.endsWith(CHILDREN_KEY))
  return (
    children.length > 0 &&
    children.every(
      (key) =>
        before[key]?.url === after[key]!.url &&
        Boolean(before[key]?.intercepted) === Boolean(after[key]!.intercepted),
    )
  )
}
