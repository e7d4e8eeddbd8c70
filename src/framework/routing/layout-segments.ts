// What useSelectedLayoutSegments() returns at each level of a route (client/layout-segments.tsx):
// the URL segments below a folder, route groups left out, a dynamic segment as its value and a
// catch-all as its values joined with `/` (an empty optional catch-all gives none).
import type { Params, RouteDirectory } from './types.ts'

export function segmentsBelow(chain: RouteDirectory[], depth: number, params: Params): string[] {
  const segments: string[] = []
  for (const dir of chain.slice(depth + 1)) {
    if (dir.type === 'group') continue
    if (dir.type === 'static') {
      segments.push(dir.name)
      continue
    }
    const value = params[dir.name]
    if (value === undefined) continue
    const text = Array.isArray(value) ? value.join('/') : value
    if (text !== '') segments.push(text)
  }
  return segments
}
