// What a folder's name under src/routes makes of its URL segment: `[id]`, `[...slug]`,
// `[[...slug]]`, `(group)`, `@slot`, an intercepting `(.)` / `(..)` / `(..)(..)` / `(...)` prefix,
// or a static name, which a URL carries percent-encoded.
import { encodeSegment } from './route-matching.ts'
import type { InterceptMarker, RouteDirectory, SegmentType } from './types.ts'

const INTERCEPT_MARKER = /^(\(\.\)|\(\.\.\)\(\.\.\)|\(\.\.\)|\(\.\.\.\))(.+)$/

export function classifyFolder(
  folder: string,
): Pick<RouteDirectory, 'type' | 'name' | 'encoded' | 'intercept'> {
  const named = (type: SegmentType, name: string) => ({ type, name, encoded: name })
  const marked = INTERCEPT_MARKER.exec(folder)
  if (marked) return { ...classifyFolder(marked[2]!), intercept: marked[1] as InterceptMarker }
  if (/^@[^/]+$/.test(folder)) return named('slot', folder.slice(1))
  let m = /^\[\[\.\.\.([^\]]+)\]\]$/.exec(folder)
  if (m) return named('optional-catch-all', m[1]!)
  m = /^\[\.\.\.([^\]]+)\]$/.exec(folder)
  if (m) return named('catch-all', m[1]!)
  m = /^\[([^\]]+)\]$/.exec(folder)
  if (m) return named('dynamic', m[1]!)
  if (/^\(.+\)$/.test(folder)) return named('group', folder)
  return { type: 'static', name: folder, encoded: encodeSegment(folder) }
}
