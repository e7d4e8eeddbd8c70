'use client'
import { useParams, usePathname } from '#framework/client'

/** What the client hooks say on a page the middleware may have rewritten to. */
export function ShownPath() {
  const pathname = usePathname()
  const params = useParams<{ name?: string }>()
  return (
    <p data-testid="shown-path">
      usePathname(): {pathname}; useParams().name: {params.name ?? '(none)'}
    </p>
  )
}
