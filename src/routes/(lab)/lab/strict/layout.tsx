import type { ReactNode } from 'react'
import { Link } from '#framework/client'

/** `@side` has no default.tsx: a document load of a URL it does not match is a 404. */
export default function StrictLayout({ children, side }: { children: ReactNode; side: ReactNode }) {
  return (
    <>
      <Link href="/lab/strict">strict home</Link> <Link href="/lab/strict/x">strict x</Link>
      <section aria-label="Main">{children}</section>
      <aside aria-label="Side">{side}</aside>
    </>
  )
}
