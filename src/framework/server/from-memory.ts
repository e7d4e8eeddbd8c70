// An answer kept in memory (a static page, a static route handler's answer), served with its
// ETag: caches may keep it, but must ask again each time, and a matching If-None-Match answers
// 304 without the body.
import type { StaticBody } from '../static/page-store.ts'
import { CACHE_CONTROL_STATIC } from '../wire/protocol.ts'

/** If-None-Match compares weakly (RFC 9110, 13.1.2): `W/"x"` matches `"x"`; `*` matches any. */
function matchesIfNoneMatch(header: string | null, etag: string): boolean {
  if (header === null) return false
  return header.split(',').some((listed) => {
    const tag = listed.trim()
    return tag === '*' || tag.replace(/^W\//, '') === etag
  })
}

export function fromMemory(
  request: Request,
  body: StaticBody,
  headers: Record<string, string>,
): Response {
  // Caches may keep it, but must ask again each time: the ETag makes that a cheap 304.
  const all = { ...headers, etag: body.etag, 'cache-control': CACHE_CONTROL_STATIC }
  if (matchesIfNoneMatch(request.headers.get('if-none-match'), body.etag)) {
    return new Response(null, { status: 304, headers: all })
  }
  return new Response(body.bytes, { headers: all })
}
