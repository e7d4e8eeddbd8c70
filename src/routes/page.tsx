import { Link } from '#framework/client'
import { listNotes } from './_data/notes.ts'

export default async function HomePage() {
  const recent = (await listNotes()).slice(-3).reverse()
  return (
    <>
      <h1>Notebook</h1>
      <p>A small notebook, server-rendered with React Server Components.</p>
      <h2>Recent notes</h2>
      <ul>
        {recent.map((note) => (
          <li key={note.id}>
            <Link href={`/notes/${note.id}`}>{note.title}</Link>
          </li>
        ))}
      </ul>
    </>
  )
}
