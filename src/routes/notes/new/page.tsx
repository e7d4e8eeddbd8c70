import { NoteForm } from '../../_components/note-form.tsx'
import { emptyNoteForm } from '../../_data/note-form.ts'
import { createNoteAction } from '../actions.ts'

export default function NewNotePage() {
  return (
    <>
      <title>New note · Notebook</title>
      <h1>New note</h1>
      <NoteForm action={createNoteAction} initial={emptyNoteForm()} submitLabel="Create note" />
    </>
  )
}
