// The lines `npm run build` prints about prerendering, one per route, as Vite lists its chunks:
// the route's URL pattern, the bytes written for it (HTML and payload of all its pages), its
// first-load JS, and what it is: static, prerendered with params, partially prerendered, dynamic,
// or rendered on demand.
import type { PrerenderedRoute, PrerenderManifest } from '../static/prerendered.ts'

/** `docs/[...slug]/page.tsx` → `/docs/[...slug]`; group folders do not show in URLs. */
export function routePattern(routeFile: string): string {
  const folders = routeFile.split('/').slice(0, -1)
  return `/${folders.filter((folder) => !/^\(.*\)$/.test(folder)).join('/')}`
}

/** The error of a `[server error]` log line (wire/errors.ts): the line after the digest. */
export function loggedErrorMessage(logged: string): string {
  return logged.split('\n')[1]?.trim() ?? logged
}

/**
 * Why a page that showed an error (an error.tsx caught it) was not prerendered: its error, and
 * where its stack is to be seen, as the build does not print it (docs/caching.md).
 */
export function caughtErrorReason(pathname: string, error: string): string {
  return `${pathname} showed an error while prerendering, ${error}; npm start logs its stack, with a digest, when the page is requested`
}

function kindOf(route: PrerenderedRoute): string {
  switch (route.kind) {
    case 'static':
      return 'static'
    case 'prerendered':
      return `prerendered with params (${route.pathnames.length} page${route.pathnames.length === 1 ? '' : 's'})`
    case 'partial':
      return `partially prerendered: a static shell, its holes per request (${route.pathnames.length} page${route.pathnames.length === 1 ? '' : 's'})`
    case 'dynamic':
      return `dynamic (${route.reason})`
    case 'on-demand':
      return `rendered on demand (${route.reason})`
    case 'not-prerendered':
      return `not prerendered (${route.reason})`
  }
}

function kilobytes(bytes: number): string {
  return `${(bytes / 1000).toFixed(2)} kB`
}

/**
 * The table: a heading, then one line per route: its URL pattern, the bytes written for it, its
 * first-load JS in gzip bytes (`firstLoadJs`, by route file), and what it is.
 */
export function formatPrerenderReport(
  manifest: PrerenderManifest,
  outDir: string,
  firstLoadJs: ReadonlyMap<string, number>,
): string[] {
  const rows = manifest.routes.map((route) => {
    const bytes = route.pathnames.reduce((sum, pathname) => {
      const page = manifest.pages[pathname]
      return sum + (page ? page.payload.size + page.html.size : 0)
    }, 0)
    const js = firstLoadJs.get(route.route)
    return {
      pattern: routePattern(route.route),
      size: bytes > 0 ? kilobytes(bytes) : '',
      js: js === undefined ? '' : kilobytes(js),
      kind: kindOf(route),
    }
  })
  rows.sort((a, b) => a.pattern.localeCompare(b.pattern))
  const heading = { pattern: 'route', size: 'size', js: 'first load JS', kind: '' }
  const widthOf = (column: 'pattern' | 'size' | 'js') =>
    Math.max(...[heading, ...rows].map((row) => row[column].length))
  const [patternWidth, sizeWidth, jsWidth] = [widthOf('pattern'), widthOf('size'), widthOf('js')]
  const pageCount = Object.keys(manifest.pages).length
  return [
    `prerendered ${pageCount} page${pageCount === 1 ? '' : 's'} into ${outDir}/ (size: their HTML and payloads; first load JS: gzip):`,
    ...[heading, ...rows].map((row) =>
      `${row.pattern.padEnd(patternWidth)}  ${row.size.padStart(sizeWidth)}  ${row.js.padStart(jsWidth)}  ${row.kind}`.trimEnd(),
    ),
  ]
}
