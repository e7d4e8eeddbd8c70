import { draftMode } from '#framework'
import { requireAdmin } from '../../_admin.ts'

/** GET /lab/draft/mode?on=1 turns draft mode on, ?on=0 off; answers what it is now. Admin only. */
export async function GET(request: Request): Promise<Response> {
  await requireAdmin()
  const draft = await draftMode()
  if (new URL(request.url).searchParams.get('on') === '1') draft.enable()
  else draft.disable()
  return new Response(`Draft mode ${draft.isEnabled ? 'on' : 'off'}\n`)
}
