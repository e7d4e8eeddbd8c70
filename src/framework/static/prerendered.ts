// The pages `npm run build` prerendered (build/prerender.ts writes them), and the metadata
// routes it made (robots.ts, …): a manifest and one file per body under dist/prerender/. A handler reads the manifest once, when it is made, and
// a page's files on its first request (then it is kept in memory with the other static pages,
// static/page-store.ts, and read again only if it was dropped for room). The files are never
// written at run time, so any number of server processes may read them.
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Rendering } from '../wire/protocol.ts'

/** Bumped when the manifest's shape changes: a handler ignores a manifest it cannot read. */
export const PRERENDER_MANIFEST_VERSION = 1
export const PRERENDER_MANIFEST = 'manifest.json'

/** One body of a prerendered page, as the build's handler answered it. */
export interface PrerenderedBody {
  /** Its file in the prerender folder. */
  file: string
  /** Its length in bytes. */
  size: number
  etag: string
  status: number
  /** The headers the build's handler sent with it (the server sends the same ones). */
  headers: Record<string, string>
}

export interface PrerenderedPage {
  /** The route's page file, relative to the routes folder. */
  route: string
  payload: PrerenderedBody
  html: PrerenderedBody
  /** Its path tag and the tags of the cached() data it showed (static/page-store.ts). */
  tags: string[]
  /** On the cache's clock (cache/clock.ts), when its render started. */
  renderedAt: number
  /** When the data it showed (cached()'s `revalidate`, the route's `revalidate`) expires. */
  dataExpiresAt: number | null
  /**
   * A partially prerendered page: `html` is its shell, this React DOM's state to resume from
   * (static/page-store.ts, StaticPage.postponed); its payload is empty.
   */
  postponed?: string
}

/**
 * What the build found a route to be: `on-demand` is a route with params it was not told;
 * `partial`, one whose pages are shells with holes filled per request (partial prerendering).
 */
export type PrerenderKind =
  | 'static'
  | 'prerendered'
  | 'partial'
  | 'dynamic'
  | 'on-demand'
  | 'not-prerendered'

export interface PrerenderedRoute {
  route: string
  kind: PrerenderKind
  /** The pathnames rendered, for `static` and `prerendered`. */
  pathnames: string[]
  /** Why it was not prerendered (`dynamic`: what it read; `not-prerendered`: its status). */
  reason?: string
}

/** A metadata route made at build time (robots.ts, opengraph-image.tsx, …), by pathname. */
export type PrerenderedFile = Omit<PrerenderedBody, 'etag'>

export interface PrerenderManifest {
  version: number
  buildId: string
  routes: PrerenderedRoute[]
  pages: Record<string, PrerenderedPage>
  /** The metadata routes that read no request data (build/prerender-metadata-files.ts). */
  files?: Record<string, PrerenderedFile>
}

/** A metadata route made at build time, as read from its file. */
export interface LoadedFile extends PrerenderedFile {
  bytes: Uint8Array<ArrayBuffer>
}

/** A prerendered page as read from its files. */
export interface LoadedPage extends PrerenderedPage {
  payloadBytes: Uint8Array<ArrayBuffer>
  htmlBytes: Uint8Array<ArrayBuffer>
}

async function readBytes(dir: string, file: string): Promise<Uint8Array<ArrayBuffer>> {
  const buffer = await readFile(join(dir, file))
  const bytes = new Uint8Array(new ArrayBuffer(buffer.byteLength))
  bytes.set(buffer)
  return bytes
}

/** One build's prerendered pages, read-only. */
export class PrerenderedPages {
  readonly manifest: PrerenderManifest | undefined

  /**
   * Reads `dir`'s manifest. A folder without one (a build that prerendered nothing, a host that
   * moved the files) serves nothing from it; one of another build is ignored with a warning.
   */
  constructor(
    private readonly dir: string,
    buildId: string,
  ) {
    let text: string
    try {
      text = readFileSync(join(dir, PRERENDER_MANIFEST), 'utf8')
    } catch {
      return
    }
    let manifest: PrerenderManifest
    try {
      manifest = JSON.parse(text) as PrerenderManifest
    } catch (error) {
      console.warn(
        `[prerender] ${join(dir, PRERENDER_MANIFEST)} cannot be read (${error}); its pages are not served.`,
      )
      return
    }
    if (manifest.version !== PRERENDER_MANIFEST_VERSION || manifest.buildId !== buildId) {
      console.warn(
        `[prerender] ${join(dir, PRERENDER_MANIFEST)} belongs to another build (${manifest.buildId}, this is ${buildId}); its pages are not served. Deploy dist/ as one.`,
      )
      return
    }
    this.manifest = manifest
  }

  has(pathname: string): boolean {
    return this.manifest !== undefined && Object.hasOwn(this.manifest.pages, pathname)
  }

  /** The tags of the page prerendered for `pathname` (its path tag first), or undefined. */
  tagsOf(pathname: string): readonly string[] | undefined {
    return this.has(pathname) ? this.manifest!.pages[pathname]!.tags : undefined
  }

  /** The page prerendered for `pathname`, with its bodies, or undefined. */
  async read(pathname: string): Promise<LoadedPage | undefined> {
    if (!this.has(pathname)) return undefined
    const page = this.manifest!.pages[pathname]!
    const [payloadBytes, htmlBytes] = await Promise.all([
      readBytes(this.dir, page.payload.file),
      readBytes(this.dir, page.html.file),
    ])
    return { ...page, payloadBytes, htmlBytes }
  }

  /** The metadata route made at build time for `pathname`, with its bytes, or undefined. */
  async readFile(pathname: string): Promise<LoadedFile | undefined> {
    const files = this.manifest?.files
    if (!files || !Object.hasOwn(files, pathname)) return undefined
    const file = files[pathname]!
    return { ...file, bytes: await readBytes(this.dir, file.file) }
  }

  /** The pathnames whose page showed any of `tags`. */
  pathnamesTagged(tags: readonly string[]): string[] {
    return Object.entries(this.manifest?.pages ?? {})
      .filter(([, page]) => page.tags.some((tag) => tags.includes(tag)))
      .map(([pathname]) => pathname)
  }

  /** What the build learned of each route it rendered: static, or dynamic. */
  renderings(): [route: string, rendering: Rendering][] {
    return (this.manifest?.routes ?? []).flatMap((route): [string, Rendering][] => {
      if (route.kind === 'dynamic' || route.kind === 'partial') return [[route.route, 'dynamic']]
      if (route.kind === 'static' || route.kind === 'prerendered') return [[route.route, 'static']]
      return []
    })
  }
}
