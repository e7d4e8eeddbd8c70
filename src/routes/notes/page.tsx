import { cached } from '#framework'
import { Link } from '#framework/client'
import { listNotes, NOTES_TAG } from '../_data/notes.ts'

/** The listing's notes, shared by every request until a server function changes a note. */
const listedNotes = cached(listNotes, { tags: [NOTES_TAG] })

export default async function NotesPage() {
  const notes = await listedNotes()
  return (
    <>
      <title>All notes · Notebook</title>
      <h1>All notes</h1>
      <p>
        <Link href="/notes/new">New note</Link>
      </p>
      <ul className="note-list">
        {notes.map((note) => (
          <li key={note.id}>
            <Link href={`/notes/${note.id}`}>{note.title}</Link>
            <p>{note.body}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
