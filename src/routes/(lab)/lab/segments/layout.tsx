import type { ReactNode } from 'react'
import { Link } from '#framework/client'
import { SegmentsProbe } from './_probe.tsx'

/** /lab/segments: a layout whose probe shows the segments below it, and links to move around. */
export default function SegmentsLayout({ children }: { children: ReactNode }) {
  return (
    <section>
      <SegmentsProbe where="layout" />
      <nav>
        <Link href="/lab/segments">Index</Link> <Link href="/lab/segments/a">a</Link>{' '}
        <Link href="/lab/segments/b/x/y">b/x/y</Link>
      </nav>
      {children}
    </section>
  )
}
