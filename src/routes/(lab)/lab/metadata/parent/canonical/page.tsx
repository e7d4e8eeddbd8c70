import type { Metadata } from '#framework'

/** `./` is this page's own URL under the layout's metadataBase; with some of the newer fields. */
export const metadata: Metadata = {
  title: 'Canonical',
  alternates: {
    canonical: './',
    types: { 'application/rss+xml': [{ url: '/notes/feed', title: 'Notes' }] },
  },
  pagination: { next: './?page=2' },
  formatDetection: { telephone: false },
  verification: { google: 'lab-token' },
}

export default function CanonicalPage() {
  return <h1>A canonical relative to the page</h1>
}
