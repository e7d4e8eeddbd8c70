// What the note form shows between submissions: the values typed and the errors found.
export interface NoteFormState {
  values: { title: string; body: string; tags: string }
  errors: { title?: string; body?: string; tags?: string }
}

export const TITLE_MAX = 120
export const BODY_MAX = 5000

export function emptyNoteForm(values: Partial<NoteFormState['values']> = {}): NoteFormState {
  return { values: { title: '', body: '', tags: '', ...values }, errors: {} }
}
