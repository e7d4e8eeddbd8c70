'use cache'
// The notes list's summary, a "use cache" module (docs/caching.md, "use cache"): its rendered
// output is kept in the data cache, tagged `notes` (the notes it read through cached() carry the
// tag too), so the server functions that change a note refresh it with the list.
import { cacheLife, cacheTag } from '#framework'
import { listNotes, NOTES_TAG } from '../_data/notes.ts'

export async function NotesSummary() {
  cacheTag(NOTES_TAG)
  cacheLife('days')
  const notes = await listNotes()
  const tags = new Set(notes.flatMap((note) => note.tags))
  const likes = notes.reduce((sum, note) => sum + note.likes, 0)
  return (
    <p className="notes-summary" data-testid="notes-summary">
      {`${notes.length} notes, ${tags.size} tags, ${likes} likes`}
    </p>
  )
}
