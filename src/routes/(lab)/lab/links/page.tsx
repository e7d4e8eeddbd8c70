import type { Metadata } from '#framework'
import { Link } from '#framework/client'

export const metadata: Metadata = { title: 'Links' }

/** How many links the page shows: four times the prefetch queue's limit of 5. */
const LINK_COUNT = 20

const targets = Array.from({ length: LINK_COUNT }, (_, i) => `/lab/pages/link-${i + 1}` as const)

/**
 * Twenty links, all in view at once, to twenty distinct static pages (/lab/pages/[...slug] answers
 * them): their prefetches go through the queue, at most 5 at a time. One link repeats a target
 * (prefetched once), and one opts out of prefetching.
 */
export default function LinksPage() {
  return (
    <>
      <h1>Twenty links in view</h1>
      <ul
        aria-label="Prefetched links"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(5, 1fr)',
          gap: '0.25rem 1rem',
          listStyle: 'none',
          padding: 0,
        }}
      >
        {targets.map((href) => (
          <li key={href}>
            <Link href={href}>{href.slice('/lab/pages/'.length)}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link href="/lab/pages/link-1">link-1 again (the same target)</Link>
      </p>
      <p>
        <Link href="/lab/pages/not-prefetched" prefetch={false}>
          Not prefetched (prefetch=&#123;false&#125;)
        </Link>
      </p>
    </>
  )
}
