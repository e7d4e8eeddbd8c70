import { cookies } from '#framework'

/**
 * GET /lab/cookie-route: sets a cookie, once with no Cache-Control of its own and once
 * (`?cache=public`) claiming `public, max-age=60`; `?cookie=none` sets none and keeps its own
 * Cache-Control. An answer that sets a cookie must never be kept by a shared cache.
 */
export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams
  if (query.get('cookie') !== 'none') (await cookies()).set('lab-visit', '1')
  const headers: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' }
  if (query.get('cache') === 'public') headers['cache-control'] = 'public, max-age=60'
  return new Response('Cookie route\n', { headers })
}
