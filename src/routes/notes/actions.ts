'use server'
import { notFound, RedirectType, redirect, revalidateTag, updateTag } from '#framework'
import { BODY_MAX, type NoteFormState, TITLE_MAX } from '../_data/note-form.ts'
import {
  createNote,
  deleteNote,
  likeNote,
  NOTES_TAG,
  type NoteInput,
  updateNote,
} from '../_data/notes.ts'

function readForm(formData: FormData): { input: NoteInput | null; state: NoteFormState } {
  const field = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value.trim() : ''
  }
  const values = { title: field('title'), body: field('body'), tags: field('tags') }
  const errors: NoteFormState['errors'] = {}
  if (!values.title) errors.title = 'Give the note a title.'
  else if (values.title.length > TITLE_MAX)
    errors.title = `Keep the title under ${TITLE_MAX} characters.`
  if (values.body.length > BODY_MAX) errors.body = `Keep the note under ${BODY_MAX} characters.`
  const tags = values.tags
    .split(/[\s,]+/)
    .map((tag) => tag.replace(/^#/, '').toLowerCase())
    .filter(Boolean)
  if (tags.some((tag) => !/^[a-z0-9-]{1,30}$/.test(tag))) {
    errors.tags = 'Tags are words of letters, digits and dashes, separated by spaces or commas.'
  }
  const valid = Object.keys(errors).length === 0
  return {
    input: valid ? { title: values.title, body: values.body, tags } : null,
    state: { values, errors },
  }
}

export async function createNoteAction(
  _previous: NoteFormState,
  formData: FormData,
): Promise<NoteFormState> {
  const { input, state } = readForm(formData)
  if (!input) return state
  const note = await createNote(input)
  await revalidateTag(NOTES_TAG)
  redirect(`/notes/${note.id}`)
}

export async function updateNoteAction(
  id: string,
  _previous: NoteFormState,
  formData: FormData,
): Promise<NoteFormState> {
  const { input, state } = readForm(formData)
  if (!input) return state
  if (!(await updateNote(id, input))) notFound()
  await revalidateTag(NOTES_TAG)
  redirect(`/notes/${id}`)
}

export async function deleteNoteAction(id: string): Promise<void> {
  if (await deleteNote(id)) await revalidateTag(NOTES_TAG)
  // The list replaces the deleted note's entry: Back does not lead to a page that is gone.
  redirect('/notes', RedirectType.replace)
}

/**
 * Called from a client component's click handler; returns the new count. updateTag(): the page
 * this call's answer carries shows the new count too (docs/caching.md).
 */
export async function likeNoteAction(id: string): Promise<number> {
  const likes = await likeNote(id)
  if (likes === undefined) notFound()
  await updateTag(NOTES_TAG)
  return likes
}
