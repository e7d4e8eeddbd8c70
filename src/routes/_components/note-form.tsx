'use client'
import { useActionState } from 'react'
import { useFormStatus } from 'react-dom'
import type { NoteFormState } from '../_data/note-form.ts'

type NoteFormAction = (previous: NoteFormState, formData: FormData) => Promise<NoteFormState>

function SubmitButton({ label }: { label: string }) {
  const { pending } = useFormStatus()
  return (
    <button type="submit" disabled={pending}>
      {pending ? 'Saving…' : label}
    </button>
  )
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} role="alert" className="field-error">
      {message}
    </p>
  ) : null
}

/** Works before hydration and without JavaScript: React posts the form to the server function. */
export function NoteForm(props: {
  action: NoteFormAction
  initial: NoteFormState
  submitLabel: string
}) {
  // The everyday pattern: the state is destructured at once, as it always has this shape (a
  // save that redirects navigates, it never hands the hook `undefined`).
  const [{ values, errors }, formAction] = useActionState(props.action, props.initial)
  return (
    <form action={formAction} className="note-form">
      <label>
        Title
        <input
          name="title"
          defaultValue={values.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby="title-error"
        />
      </label>
      <FieldError id="title-error" message={errors.title} />
      <label>
        Note
        <textarea name="body" rows={6} defaultValue={values.body} aria-describedby="body-error" />
      </label>
      <FieldError id="body-error" message={errors.body} />
      <label>
        Tags
        <input name="tags" defaultValue={values.tags} aria-describedby="tags-error" />
      </label>
      <FieldError id="tags-error" message={errors.tags} />
      <SubmitButton label={props.submitLabel} />
    </form>
  )
}
