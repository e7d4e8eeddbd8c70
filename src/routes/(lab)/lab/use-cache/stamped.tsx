import type { ReactNode } from 'react'
import { cacheLife, cacheTag } from '#framework'
import { Counter } from '../../../_components/counter.tsx'

/** The tag the lab's revalidate button invalidates. */
export const STAMP_TAG = 'lab-use-cache'

/**
 * A "use cache" component: its output (the time it was rendered, a client component) is kept
 * in the data cache; `children`, rendered by the page at each request, are passed through.
 */
export async function Stamped({ label, children }: { label: string; children: ReactNode }) {
  'use cache'
  cacheTag(STAMP_TAG)
  cacheLife('hours')
  return (
    <section className="stamped" data-testid="stamped">
      <p data-testid="cached-time">{`${label}: cached at ${new Date().toISOString()}`}</p>
      <Counter />
      <div data-testid="passed-children">{children}</div>
    </section>
  )
}
