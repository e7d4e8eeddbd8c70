'use server'
import { draftMode } from '#framework'

/** Turns draft mode on from a server function: its answer sets the draft cookie. */
export async function previewDrafts(): Promise<void> {
  ;(await draftMode()).enable()
}
