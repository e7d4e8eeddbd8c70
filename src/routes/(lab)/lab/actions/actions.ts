'use server'
import { forbidden, notFound, permanentRedirect, redirect, unauthorized } from '#framework'

/** Throws the interrupt named by `kind`, as a mutation might after checking its input. */
export async function interruptAction(kind: string): Promise<string> {
  switch (kind) {
    case 'not-found':
      return notFound()
    case 'unauthorized':
      return unauthorized()
    case 'forbidden':
      return forbidden()
    case 'redirect':
      return redirect('/about')
    case 'permanent-redirect':
      return permanentRedirect('/about')
    case 'external':
      return redirect('https://external.example/landing')
    case 'error':
      throw new Error('The lab server function failed (secret detail 42).')
    default:
      return `Nothing thrown for ${kind}.`
  }
}

/** The same, as a form action (works without JavaScript). */
export async function interruptFormAction(formData: FormData): Promise<void> {
  await interruptAction(String(formData.get('kind')))
}
