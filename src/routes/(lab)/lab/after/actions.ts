'use server'
import { after } from '#framework'
import { labAfterTask } from './_ran.ts'

/** A server function that leaves work for after its answer: the lab's callback, by the form's id. */
export async function runAfterInFunction(formData: FormData): Promise<void> {
  const id = String(formData.get('id') ?? 'none')
  after(() => labAfterTask(id, 'function', null))
}
