import { revalidateTag } from '#framework'
import { Link } from '#framework/client'
import { LikeButton } from '../../_components/like-button.tsx'
import { NOTES_TAG, updateNote } from '../../_data/notes.ts'
import { deleteNoteAction } from '../actions.ts'
import { noteMetadata, noteOfPage } from './_note.ts'

/** The note's title and the start of its body (one read of the note with the page's: _note.ts). */
export function generateMetadata({ params }: PageProps<'/notes/[id]'>) {
  return noteMetadata(params)
}

export default async function NotePage({ params }: PageProps<'/notes/[id]'>) {
  const { id } = await params
  const note = await noteOfPage(params)
  const favourite = note.tags.includes('favourite')

  // An inline server function: it closes over `note`, which the framework keeps on the server.
  async function toggleFavourite() {
    'use server'
    const tags = favourite
      ? note.tags.filter((t) => t !== 'favourite')
      : [...note.tags, 'favourite']
    await updateNote(note.id, { title: note.title, body: note.body, tags })
    // Pages and cached() reads that showed the note must not keep showing the old tags.
    await revalidateTag(NOTES_TAG)
  }

  return (
    <article>
      <h1>{note.title}</h1>
      <p data-testid="note-id">Note id: {id}</p>
      <p className="note-body">{note.body}</p>
      <p>
        Tags:{' '}
        {note.tags.map((tag) => (
          <Link key={tag} href={`/tags/${tag}`}>
            #{tag}{' '}
          </Link>
        ))}
      </p>
      <div className="note-actions">
        <LikeButton id={note.id} likes={note.likes} />
        <form action={toggleFavourite}>
          <button type="submit">{favourite ? 'Unmark favourite' : 'Mark favourite'}</button>
        </form>
        <Link href={`/notes/${id}/edit`}>Edit</Link>
        <form action={deleteNoteAction.bind(null, id)}>
          <button type="submit">Delete note</button>
        </form>
      </div>
      <Link href="/notes">Back to all notes</Link>
    </article>
  )
}
