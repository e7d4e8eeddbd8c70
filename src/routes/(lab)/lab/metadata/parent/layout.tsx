import type { ReactNode } from 'react'
import type { Metadata } from '#framework'

// A metadataBase above the pages, as a site's root layout would set it: the pages below spread
// what it resolves to, and resolve `./` URLs against it and their own pathname (docs/metadata.md).
export const metadata: Metadata = {
  metadataBase: new URL('https://notebook.example'),
  openGraph: { siteName: 'Notebook', images: [{ url: '/og.png', width: 1200 }] },
}

export default function ParentMetadataLayout({ children }: { children: ReactNode }) {
  return children
}
