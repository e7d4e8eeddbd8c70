import { revalidatePath, revalidateTag } from '#framework'
import { requireAdmin } from '../../_admin.ts'
import { CLUSTER_TAG } from '../_stamp.ts'

/**
 * POST /lab/cluster/revalidate?what=tag|path: revalidates the stamp's tag, or the path
 * /lab/cluster, and answers once the cache store (Redis, so every process) has it. Admin only.
 */
export async function POST(request: Request) {
  await requireAdmin()
  const what = new URL(request.url).searchParams.get('what')
  if (what === 'tag') await revalidateTag(CLUSTER_TAG)
  else if (what === 'path') await revalidatePath('/lab/cluster')
  else return new Response('?what=tag or ?what=path\n', { status: 400 })
  return Response.json({ worker: process.pid, revalidated: what })
}
