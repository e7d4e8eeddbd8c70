import type { Metadata } from '#framework'
import { Link } from '#framework/client'
import { NotesSummary } from '../_components/notes-summary.tsx'
import { listNotes } from '../_data/notes.ts'

export const metadata: Metadata = { title: 'All notes' }

export default async function NotesPage() {
  // cached() with the tag NOTES_TAG (../_data/notes.ts): shared by every request until a server
  // function changes a note and revalidates the tag.
  const notes = await listNotes()
  return (
    <>
      <h1>All notes</h1>
      <NotesSummary />
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
