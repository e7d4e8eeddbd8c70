'use client'
import type { ReactNode } from 'react'
import type { Route } from '#framework'
import { Link, useLinkStatus, useSelectedLayoutSegment } from '#framework/client'

function PendingMark() {
  const { pending } = useLinkStatus()
  return pending ? <span className="pending" role="status" aria-label="loading" /> : null
}

/** A header link, marked as the current section when the root layout's segment is its own. */
export function NavLink({ href, children }: { href: Route; children: ReactNode }) {
  // Rendered by the root layout: the first segment of the page's path (groups left out).
  const segment = useSelectedLayoutSegment()
  const active = segment === (href.split('/')[1] || null)
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
      <PendingMark />
    </Link>
  )
}
