'use server'
import { INTERRUPT_KINDS, throwInterrupt } from '../_interrupt.tsx'

/** Throws the interrupt named by `kind`, as a mutation might after checking its input. */
export async function interruptAction(kind: string): Promise<string> {
  if (INTERRUPT_KINDS.includes(kind)) throwInterrupt(kind)
  if (kind === 'error') throw new Error('The lab server function failed (secret detail 42).')
  return `Nothing thrown for ${kind}.`
}

/** The same, as a form action (works without JavaScript). */
export async function interruptFormAction(formData: FormData): Promise<void> {
  await interruptAction(String(formData.get('kind')))
}
