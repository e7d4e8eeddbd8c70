import { cookies, headers, revalidatePath } from '#framework'
import { requireAdmin } from '../../_admin.ts'

// A static route handler (docs/routing.md, "Static route handlers"): its GET is answered once per
// path and served from memory; it shows what it saw of the request, which must be nothing.
export const dynamic = 'force-static'

export async function GET(request: Request, { params }: RouteContext<'/lab/static-route/[name]'>) {
  const { name } = await params
  return Response.json({
    name,
    renderId: crypto.randomUUID(),
    url: request.url,
    requestCookie: request.headers.get('cookie'),
    cookies: (await cookies()).getAll(),
    userAgent: (await headers()).get('user-agent'),
  })
}

/** POST: revalidatePath() of this path, so that its next GET is produced again. Admin only. */
export async function POST(request: Request) {
  await requireAdmin()
  await revalidatePath(new URL(request.url).pathname)
  return new Response(null, { status: 204 })
}
