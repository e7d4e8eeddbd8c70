'use server'
import { revalidateTag } from '#framework'
import { STAMP_TAG } from './stamped.tsx'

/** Invalidates the lab's "use cache" component: its next render computes it again. */
export async function revalidateStamp(): Promise<void> {
  await revalidateTag(STAMP_TAG)
}
