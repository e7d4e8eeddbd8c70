import type { Metadata } from '#framework'
import { NoteForm } from '../../../_components/note-form.tsx'
import { emptyNoteForm } from '../../../_data/note-form.ts'
import { updateNoteAction } from '../../actions.ts'
import { noteOfPage } from '../_note.ts'

export async function generateMetadata({
  params,
}: PageProps<'/notes/[id]/edit'>): Promise<Metadata> {
  const note = await noteOfPage(params)
  return { title: `Edit ${note.title}`, robots: { index: false } }
}

export default async function EditNotePage({ params }: PageProps<'/notes/[id]/edit'>) {
  const { id } = await params
  const note = await noteOfPage(params)
  const initial = emptyNoteForm({ title: note.title, body: note.body, tags: note.tags.join(' ') })
  return (
    <>
      <h1>Edit note</h1>
      <NoteForm
        action={updateNoteAction.bind(null, id)}
        initial={initial}
        submitLabel="Save changes"
      />
    </>
  )
}
