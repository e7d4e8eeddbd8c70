import { cookies, headers } from '#framework'

/**
 * GET /lab/request-route?read=cookies|headers|none: answers what it read of the request (the
 * `who` cookie, the `x-lab-who` header, or nothing), with no Cache-Control of its own, or with
 * `public, max-age=60` (`&cache=public`). An answer decided from cookies() or headers() is
 * `private, no-store` unless the handler chose its own (docs/protocol.md, "Caching").
 */
export async function GET(request: Request): Promise<Response> {
  const query = new URL(request.url).searchParams
  const read = query.get('read')
  const who =
    read === 'cookies'
      ? (await cookies()).get('who')?.value
      : read === 'headers'
        ? (await headers()).get('x-lab-who')
        : undefined
  const answer: Record<string, string> = { 'content-type': 'text/plain; charset=utf-8' }
  if (query.get('cache') === 'public') answer['cache-control'] = 'public, max-age=60'
  return new Response(`Read ${read ?? 'none'}: ${who ?? 'nobody'}\n`, { headers: answer })
}
