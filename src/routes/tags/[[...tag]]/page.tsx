import { Link } from '#framework/client'
import { allTags, notesTagged } from '../../_components/notes-data.ts'

export default async function TagsPage({ params }: { params: Promise<{ tag?: string[] }> }) {
  const { tag } = await params
  const selected = tag?.[0]
  return (
    <>
      <title>{selected ? `#${selected} · Notebook` : 'Tags · Notebook'}</title>
      <h1>{selected ? `Notes tagged #${selected}` : 'All tags'}</h1>
      <p data-testid="tag-param">Tag param: {tag === undefined ? 'none' : JSON.stringify(tag)}</p>
      {selected ? (
        <ul>
          {notesTagged(selected).map((note) => (
            <li key={note.id}>
              <Link href={`/notes/${note.id}`}>{note.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <ul>
          {allTags.map((name) => (
            <li key={name}>
              <Link href={`/tags/${name}`}>#{name}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
