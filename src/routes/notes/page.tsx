import { Link } from '#framework/client'
import { notes } from '../_components/notes-data.ts'

export default function NotesPage() {
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
