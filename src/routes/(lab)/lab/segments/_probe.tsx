'use client'
import { useSelectedLayoutSegment, useSelectedLayoutSegments } from '#framework/client'

/** Shows what the segment hooks return where it is rendered (a layout, or a page). */
export function SegmentsProbe({ where }: { where: string }) {
  const segment = useSelectedLayoutSegment()
  const segments = useSelectedLayoutSegments()
  return (
    <p data-testid={`${where}-segments`}>
      {`${where}: segment=${segment ?? 'null'} segments=[${segments.join(',')}]`}
    </p>
  )
}
