import { type Metadata, notFound } from '#framework'
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

/**
 * The note's title and the start of its body: the metadata of the note's page and of the dialog
 * that shows it over the list (`@modal/(.)[id]`), so the tab names the note either way.
 */
export async function noteMetadata(params: Promise<{ id: string }>): Promise<Metadata> {
  const note = await noteOfPage(params)
  const description = note.body.length > 160 ? `${note.body.slice(0, 157)}…` : note.body
  return {
    title: note.title,
    description,
    alternates: { canonical: `/notes/${note.id}` },
    openGraph: { title: note.title, description, type: 'article', tags: note.tags },
  }
}
