import { notFound } from '#framework'
import { getNote, type Note } from '../../_data/notes.ts'

/**
 * The note the URL names, or the notes folder's 404 screen. getNote() is cached(), so a page and
 * its generateMetadata read the note once per request (docs/caching.md), and notFound() thrown
 * from either answers 404 (docs/metadata.md).
 */
export async function noteOfPage(params: Promise<{ id: string }>): Promise<Note> {
  const note = await getNote((await params).id)
  if (!note) notFound()
  return note
}
