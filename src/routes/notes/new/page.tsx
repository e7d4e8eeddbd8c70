import type { Metadata } from '#framework'
import { NoteForm } from '../../_components/note-form.tsx'
import { emptyNoteForm } from '../../_data/note-form.ts'
import { createNoteAction } from '../actions.ts'

export const metadata: Metadata = { title: 'New note' }

export default function NewNotePage() {
  return (
    <>
      <h1>New note</h1>
      <NoteForm action={createNoteAction} initial={emptyNoteForm()} submitLabel="Create note" />
    </>
  )
}
