'use server'
import { draftMode } from '#framework'
import { requireAdmin } from '../_admin.ts'

/** Turns draft mode on from a server function: its answer sets the draft cookie. Admin only. */
export async function previewDrafts(): Promise<void> {
  await requireAdmin()
  ;(await draftMode()).enable()
}
