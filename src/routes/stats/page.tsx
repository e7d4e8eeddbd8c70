import type { Metadata } from '#framework'
import { allTags, listNotes } from '../_data/notes.ts'

export const metadata: Metadata = { title: 'Stats' }

/** Rendered for every request: it streams, and must not be stored as a static page. */
export const dynamic = 'force-dynamic'

/** Stands in for a slow query, so the page streams in behind loading.tsx. */
const STATS_DELAY_MS = 1500

export default async function StatsPage() {
  await new Promise((resolve) => setTimeout(resolve, STATS_DELAY_MS))
  const [notes, tags] = await Promise.all([listNotes(), allTags()])
  return (
    <>
      <h1>Stats</h1>
      <p data-testid="stats">
        {notes.length} notes, {tags.length} tags
      </p>
    </>
  )
}
