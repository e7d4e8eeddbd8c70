import { Link } from '#framework/client'
import { findNote } from '../../_components/notes-data.ts'

export default async function NotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const note = findNote(id)
  if (!note) {
    return <h1>No note {id}</h1>
  }
  return (
    <article>
      <title>{`${note.title} · Notebook`}</title>
      <h1>{note.title}</h1>
      <p data-testid="note-id">Note id: {id}</p>
      <p>{note.body}</p>
      <p>
        Tags:{' '}
        {note.tags.map((tag) => (
          <Link key={tag} href={`/tags/${tag}`}>
            #{tag}{' '}
          </Link>
        ))}
      </p>
      <Link href="/notes">Back to all notes</Link>
    </article>
  )
}
