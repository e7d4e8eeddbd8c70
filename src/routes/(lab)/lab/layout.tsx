import type { ReactNode } from 'react'
import type { Metadata } from '#framework'

// The lab's pages are titled `… · Lab`: this template applies to the folders below (the lab's own
// page, in this folder, takes the root layout's `… · Notebook`), as in Next.js (docs/metadata.md).
export const metadata: Metadata = { title: { template: '%s · Lab', default: 'Lab' } }

export default function LabLayout({ children }: { children: ReactNode }) {
  return children
}
