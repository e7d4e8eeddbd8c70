// Each route's first-load JavaScript, the column Next users know from `next build`: the gzip
// bytes of the client JS a document of the route loads, as the build's manifests say it: the
// client entry's files and those of the client references its route files use (their server
// chunks, then plugin-rsc's assets manifest). docs/caching.md, "Prerendering at build time".
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createRouteTable } from '../routing/route-table.ts'
import type { Branch, Route, RouteDirectory, RouteMatch } from '../routing/types.ts'

/** A chunk of the rsc build: the modules it holds and the chunks it imports statically. */
export interface ServerChunk {
  moduleIds: readonly string[]
  imports: readonly string[]
  /**
   * The rsc entry's chunk: the client references in it are the framework's, which every page
   * renders (its boundaries); those of its imports are not counted for every route.
   */
  isEntry: boolean
}

export interface ClientGraph {
  /** The rsc build's chunks by file name. */
  serverChunks: ReadonlyMap<string, ServerChunk>
  /** The JS files (`assets/x.js`, under the client outDir) each client reference loads, by the module id of the reference. */
  clientReferenceJs: ReadonlyMap<string, readonly string[]>
  /** The JS files every document loads: the client entry's. */
  entryJs: readonly string[]
  /** The module id of a route file (`notes/page.tsx` → its absolute path). */
  moduleIdOf(routeFile: string): string
  /** The gzip bytes of a client file (`assets/x.js`). */
  gzipBytesOf(file: string): number
}

/** The gzip bytes of the files under `outDir` (dist/client), each read and compressed once. */
export function clientFileSizes(outDir: string): (file: string) => number {
  const sizes = new Map<string, number>()
  return (file) => {
    let size = sizes.get(file)
    if (size === undefined) {
      size = gzipSync(readFileSync(join(outDir, file))).length
      sizes.set(file, size)
    }
    return size
  }
}

const directoryFiles = (chain: readonly RouteDirectory[]) =>
  chain.flatMap((dir) => Object.values(dir.files))

function branchFiles(branch: Branch): string[] {
  const slots = Object.values(branch.slots).flatMap((byName) => Object.values(byName))
  return [...directoryFiles(branch.chain), branch.file, ...slots.flatMap(branchFiles)]
}

/**
 * The files a document of `route` renders: those of its folders (layouts, templates, boundaries)
 * and its page, and what its slots show for a URL of it (one made up for a route with params).
 */
function documentFiles(route: Route, match: RouteMatch | null): string[] {
  const files = [...directoryFiles(route.chain), route.file]
  if (match?.route === route && match.view) files.push(...branchFiles(match.view.branch))
  return files
}

/** A pathname `pattern` matches: each param is `x`. */
const sampleOf = (route: Route) =>
  `/${route.pattern.map((dir) => (dir.type === 'static' ? dir.encoded : 'x')).join('/')}`

/** Each page route's first-load JS in gzip bytes, by route file. */
export function firstLoadJs(
  routeFiles: readonly string[],
  graph: ClientGraph,
): Map<string, number> {
  const table = createRouteTable(routeFiles)
  const chunkOf = new Map<string, string>()
  for (const [name, chunk] of graph.serverChunks) {
    for (const id of chunk.moduleIds) chunkOf.set(id, name)
  }
  const entries = [...graph.serverChunks].filter(([, chunk]) => chunk.isEntry).map(([name]) => name)
  const sizes = new Map<string, number>()
  for (const route of table.routes) {
    // A page in an `@slot` folder or an intercepting one is part of another URL's document.
    if (route.type !== 'page' || route.intercept) continue
    if (route.chain.some((dir) => dir.type === 'slot')) continue
    const reached = new Set<string>(entries)
    const visit = (name: string | undefined) => {
      if (name === undefined || reached.has(name)) return
      reached.add(name)
      for (const imported of graph.serverChunks.get(name)?.imports ?? []) visit(imported)
    }
    for (const file of documentFiles(route, table.match(sampleOf(route)))) {
      visit(chunkOf.get(graph.moduleIdOf(file)))
    }
    const js = new Set(graph.entryJs)
    for (const name of reached) {
      for (const id of graph.serverChunks.get(name)?.moduleIds ?? []) {
        for (const file of graph.clientReferenceJs.get(id) ?? []) js.add(file)
      }
    }
    sizes.set(
      route.file,
      [...js].reduce((sum, file) => sum + graph.gzipBytesOf(file), 0),
    )
  }
  return sizes
}
