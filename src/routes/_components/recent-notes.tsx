import { Link } from '#framework/client'
import { listNotes } from '../_data/notes.ts'

/** The latest `count` notes, newest first, as links (cached() data: the same for everyone). */
export async function RecentNotes({ count }: { count: number }) {
  const recent = (await listNotes()).slice(-count).reverse()
  return (
    <ul>
      {recent.map((note) => (
        <li key={note.id}>
          <Link href={`/notes/${note.id}`}>{note.title}</Link>
        </li>
      ))}
    </ul>
  )
}
