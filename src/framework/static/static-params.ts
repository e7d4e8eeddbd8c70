// generateStaticParams(), as the App Router has it: the params of a route's dynamic segments
// known in advance. A layout or the page may export it; each one found from the root down is
// called once per params set its parents produced, with `{ params }` those parents' params, and
// what it returns is merged into them (a catch-all's value is an array). `npm run build`
// prerenders the pathnames they make (build/prerender.ts), and `dynamicParams = false` answers
// 404 for any other (static/classification.ts). Pure but for loading the route's modules.
import { encodeSegment } from '../routing/route-matching.ts'
import type { Params, Route, RouteDirectory } from '../routing/types.ts'

type LoadModule = (file: string) => Promise<Record<string, unknown>>

/**
 * The route's page and the layouts above it, root first, page last: its segment config files. A
 * route handler's is its route.ts alone: no layout wraps it (as in Next.js).
 */
export function segmentFiles(route: Route): string[] {
  if (route.type === 'handler') return [route.file]
  return [...route.chain.flatMap((dir) => (dir.files.layout ? [dir.files.layout] : [])), route.file]
}

/** The folders of the route's URL that take a param. */
export function paramDirectories(route: Route): RouteDirectory[] {
  return route.pattern.filter((dir) => dir.type !== 'static' && dir.type !== 'group')
}

function invalid(file: string, detail: string, cause?: unknown): Error {
  return new Error(`generateStaticParams() in ${file} ${detail}`, { cause })
}

/**
 * A param value as one path segment of the URL a browser asks for: what the runtime's own URL
 * parser makes of it (as the server parses the request's), with only the characters that would
 * end or split the segment, or read as an escape, encoded first.
 */
function paramSegment(value: string): string {
  return encodeSegment(value.replace(/[%/\\?#]/g, encodeURIComponent))
}

/**
 * The params sets the route's generateStaticParams() functions list, or undefined when none of
 * its layouts nor its page exports one. Every set names each of the route's params (an optional
 * catch-all may be left out); a set that does not fails with a message naming the file.
 */
export async function listStaticParams(
  route: Route,
  load: LoadModule,
): Promise<Params[] | undefined> {
  let sets: Params[] = [{}]
  let found = false
  for (const file of segmentFiles(route)) {
    const generate = (await load(file)).generateStaticParams
    if (typeof generate !== 'function') continue
    found = true
    const next: Params[] = []
    for (const parent of sets) {
      let listed: unknown
      try {
        listed = await generate({ params: parent })
      } catch (error) {
        throw invalid(file, `threw for ${JSON.stringify(parent)}: ${String(error)}`, error)
      }
      if (!Array.isArray(listed)) throw invalid(file, 'must return an array of params objects.')
      for (const entry of listed) {
        if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
          throw invalid(file, `returned ${JSON.stringify(entry)}, which is not a params object.`)
        }
        next.push({ ...parent, ...(entry as Params) })
      }
    }
    sets = next
  }
  if (!found) return undefined
  for (const params of sets) checkParams(route, params)
  return sets
}

function checkParams(route: Route, params: Params): void {
  for (const dir of paramDirectories(route)) {
    const value = params[dir.name]
    if (value === undefined && dir.type === 'optional-catch-all') continue
    const arrayWanted = dir.type !== 'dynamic'
    const ok = arrayWanted
      ? Array.isArray(value) && value.every((part) => typeof part === 'string')
      : typeof value === 'string' && value !== ''
    if (!ok) {
      const wanted = arrayWanted ? 'an array of strings' : 'a non-empty string'
      throw invalid(
        route.file,
        `listed ${JSON.stringify(params)}: \`${dir.name}\` must be ${wanted} for this route.`,
      )
    }
    if (arrayWanted && dir.type === 'catch-all' && (value as string[]).length === 0) {
      throw invalid(route.file, `listed ${JSON.stringify(params)}: \`${dir.name}\` is empty.`)
    }
  }
}

/** The URL pathname of the route with these params, as a browser asks for it. */
export function pathnameOf(route: Route, params: Params): string {
  const segments: string[] = []
  for (const dir of route.pattern) {
    if (dir.type === 'static') segments.push(dir.encoded)
    else if (dir.type === 'dynamic') segments.push(paramSegment(String(params[dir.name])))
    else if (dir.type !== 'group') {
      const value = params[dir.name]
      const parts = Array.isArray(value) ? value : value === undefined ? [] : [value]
      segments.push(...parts.map(paramSegment))
    }
  }
  return `/${segments.join('/')}`
}

/** One string per params set of the route, the same for the same values (arrays or not). */
export function paramsKey(route: Route, params: Params): string {
  return JSON.stringify(
    paramDirectories(route).map((dir) => {
      const value = params[dir.name]
      return Array.isArray(value) ? value : value === undefined ? [] : [value]
    }),
  )
}
