import type { Metadata } from '#framework'
import { Link } from '#framework/client'
import { allTags, notesTagged } from '../../_data/notes.ts'

export async function generateMetadata({
  params,
}: PageProps<'/tags/[[...tag]]'>): Promise<Metadata> {
  const selected = (await params).tag?.[0]
  return { title: selected ? `#${selected}` : 'Tags' }
}

export default async function TagsPage({ params }: PageProps<'/tags/[[...tag]]'>) {
  const { tag } = await params
  const selected = tag?.[0]
  const [tagged, tags] = await Promise.all([selected ? notesTagged(selected) : [], allTags()])
  return (
    <>
      <h1>{selected ? `Notes tagged #${selected}` : 'All tags'}</h1>
      <p data-testid="tag-param">Tag param: {tag === undefined ? 'none' : JSON.stringify(tag)}</p>
      {selected ? (
        <ul>
          {tagged.map((note) => (
            <li key={note.id}>
              <Link href={`/notes/${note.id}`}>{note.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <ul>
          {tags.map((name) => (
            <li key={name}>
              <Link href={`/tags/${name}`}>#{name}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
