import { draftMode } from '#framework'

/** GET /lab/draft/mode?on=1 turns draft mode on, ?on=0 off; answers what it is now. */
export async function GET(request: Request): Promise<Response> {
  const draft = await draftMode()
  if (new URL(request.url).searchParams.get('on') === '1') draft.enable()
  else draft.disable()
  return new Response(`Draft mode ${draft.isEnabled ? 'on' : 'off'}\n`)
}
