'use client'
// useSelectedLayoutSegment(s), as in the App Router. Each folder level of the page tree
// (server/element-tree.tsx) is wrapped in a provider that holds the segments below it, computed
// by the server (routing/layout-segments.ts): it arrives in the payload of every navigation, so
// the hooks follow client navigations with no request of their own. A component reads the
// nearest level above it: in a layout, the segments below that layout; in a page, none.
import { createContext, type ReactNode, useContext } from 'react'

const LayoutSegmentsContext = createContext<readonly string[]>([])

export function LayoutSegments({
  segments,
  children,
}: {
  segments: readonly string[]
  children?: ReactNode
}) {
  return <LayoutSegmentsContext value={segments}>{children}</LayoutSegmentsContext>
}

/** The only slot there is until parallel routes exist; other names have no segments. */
const CHILDREN_SLOT = 'children'

/** The active segments below the layout that renders the caller (`[]` in a page). */
export function useSelectedLayoutSegments(parallelRoutesKey: string = CHILDREN_SLOT): string[] {
  const segments = useContext(LayoutSegmentsContext)
  return parallelRoutesKey === CHILDREN_SLOT ? [...segments] : []
}

/** The active segment one level below the layout that renders the caller (`null` in a page). */
export function useSelectedLayoutSegment(parallelRoutesKey: string = CHILDREN_SLOT): string | null {
  return useSelectedLayoutSegments(parallelRoutesKey)[0] ?? null
}
