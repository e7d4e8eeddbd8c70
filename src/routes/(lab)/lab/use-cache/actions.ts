'use server'
import { revalidateTag } from '#framework'
import { requireAdmin } from '../_admin.ts'
import { STAMP_TAG } from './stamped.tsx'

/** Invalidates the lab's "use cache" component (the admin's): its next render computes it again. */
export async function revalidateStamp(): Promise<void> {
  await requireAdmin()
  await revalidateTag(STAMP_TAG)
}
