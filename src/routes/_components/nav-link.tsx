'use client'
import type { ReactNode } from 'react'
import { Link, useLinkStatus, usePathname } from '#framework/client'

function PendingMark() {
  const { pending } = useLinkStatus()
  return pending ? <span className="pending" role="status" aria-label="loading" /> : null
}

export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname()
  const active = href === '/' ? pathname === '/' : pathname.startsWith(href)
  return (
    <Link href={href} aria-current={active ? 'page' : undefined}>
      {children}
      <PendingMark />
    </Link>
  )
}
