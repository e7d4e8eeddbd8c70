'use server'
import { revalidateTag } from '#framework'
import { requireAdmin } from '../_admin.ts'
import { PPR_TAG } from './tags.ts'

/** Invalidates the shell's "use cache" part (the admin's): the next document has a new shell. */
export async function revalidateShell(): Promise<void> {
  await requireAdmin()
  await revalidateTag(PPR_TAG)
}
