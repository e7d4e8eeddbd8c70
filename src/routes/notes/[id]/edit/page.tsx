import { notFound } from '#framework'
import { NoteForm } from '../../../_components/note-form.tsx'
import { emptyNoteForm } from '../../../_data/note-form.ts'
import { getNote } from '../../../_data/notes.ts'
import { updateNoteAction } from '../../actions.ts'

export default async function EditNotePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params
  const note = await getNote(id)
  if (!note) notFound()
  const initial = emptyNoteForm({ title: note.title, body: note.body, tags: note.tags.join(' ') })
  return (
    <>
      <title>{`Edit ${note.title} · Notebook`}</title>
      <h1>Edit note</h1>
      <NoteForm
        action={updateNoteAction.bind(null, id)}
        initial={initial}
        submitLabel="Save changes"
      />
    </>
  )
}
