import type { Metadata, Viewport } from '#framework'
import { Link } from '#framework/client'

// Most of what the Metadata API writes, on one page (docs/metadata.md); /lab/metadata/plain has
// none of its own, so a navigation between them shows the tags replaced and removed.
export const metadata: Metadata = {
  metadataBase: new URL('https://notebook.example/base/'),
  title: 'Metadata',
  description: 'Every kind of tag the Metadata API writes, on one page.',
  keywords: ['metadata', 'lab'],
  robots: { index: false, follow: true },
  alternates: { canonical: 'lab/metadata' },
  openGraph: { title: 'The metadata lab', images: ['/og.png'], type: 'website' },
  twitter: { card: 'summary', site: '@notebook' },
}

export const viewport: Viewport = { themeColor: '#336699', colorScheme: 'light dark' }

export default function MetadataLabPage() {
  return (
    <>
      <h1>Metadata</h1>
      <ul>
        <li>
          <Link href="/lab/metadata/plain">A page without metadata of its own</Link>
        </li>
        <li>
          <Link href="/lab/metadata/files/first">Metadata files in a dynamic folder</Link>
        </li>
        <li>
          <Link href="/lab/metadata/counted">One cached() read for the page and its metadata</Link>
        </li>
        <li>
          <Link href="/lab/metadata/query?q=first">Metadata from searchParams</Link>
        </li>
        <li>
          <Link href="/lab/metadata/parent/spread">The parent's Open Graph, spread</Link>
        </li>
        <li>
          <Link href="/lab/metadata/parent/canonical">A canonical relative to the page</Link>
        </li>
        {['ok', 'not-found', 'forbidden', 'unauthorized', 'redirect', 'error'].map((kind) => (
          <li key={kind}>
            <Link href={`/lab/metadata/throws/${kind}`}>{`generateMetadata: ${kind}`}</Link>
          </li>
        ))}
      </ul>
    </>
  )
}
