import { notFound } from '#framework'
import { LikeButton } from '../../../_components/like-button.tsx'
import { getNote } from '../../../_data/notes.ts'
import { noteMetadata } from '../../[id]/_note.ts'
import { Modal } from '../_modal.tsx'

/** The tab names the note while the dialog shows it, as on the note's own page. */
export function generateMetadata({ params }: PageProps<'/notes/[id]'>) {
  return noteMetadata(params)
}

/**
 * `/notes/:id` opened by a client navigation from the notes list (docs/routing.md,
 * "Intercepting routes"): the note in a dialog over the list. A reload, a shared link or a
 * click without JavaScript shows the full page, notes/[id]/page.tsx.
 */
export default async function NoteModal({ params }: PageProps<'/notes/[id]'>) {
  const { id } = await params
  const note = await getNote(id)
  if (!note) notFound()
  const href = `/notes/${id}`
  return (
    <Modal href={href} title={note.title}>
      <h2>{note.title}</h2>
      <p className="note-body">{note.body}</p>
      <p>Tags: {note.tags.map((tag) => `#${tag}`).join(' ')}</p>
      <LikeButton id={note.id} likes={note.likes} />
      {/* A plain link: a document load, which never intercepts. */}
      <a href={href}>Open the full page</a>
    </Modal>
  )
}
