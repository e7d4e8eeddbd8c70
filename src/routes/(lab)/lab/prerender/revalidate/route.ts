import { revalidatePath, revalidateTag } from '#framework'
import { requireAdmin } from '../../_admin.ts'

/** POST ?path=/x or ?tag=x: revalidatePath() or revalidateTag(), for the prerendering tests. Admin only. */
export async function POST(request: Request) {
  await requireAdmin()
  const { searchParams } = new URL(request.url)
  const path = searchParams.get('path')
  const tag = searchParams.get('tag')
  if (path) await revalidatePath(path)
  if (tag) await revalidateTag(tag)
  return new Response(null, { status: 204 })
}
