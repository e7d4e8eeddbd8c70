// Next.js's metadata files under src/routes (favicon.ico, icon.png, opengraph-image.jpg,
// robots.ts, sitemap.ts, manifest.ts, …): which file names they are, the URL each is served at,
// and the table of them an app has, by URL and by folder. Pure, no I/O: the bytes and sizes of
// static files come from the build (vite/metadata-files.ts).
import { classifyFolder } from './folder-names.ts'

export type { FileIcon, FileImage, SegmentMetadataFiles } from './types.ts'

/** The image files a folder may hold, with the extensions Next takes for each. */
const IMAGE_FILES = {
  favicon: ['ico'],
  icon: ['ico', 'jpg', 'jpeg', 'png', 'svg'],
  'apple-icon': ['jpg', 'jpeg', 'png'],
  'opengraph-image': ['jpg', 'jpeg', 'png', 'gif'],
  'twitter-image': ['jpg', 'jpeg', 'png', 'gif'],
} as const
export type MetadataImageKind = keyof typeof IMAGE_FILES

/** The root's text files: a static form, or a module whose default export makes it. */
const TEXT_FILES = {
  robots: { static: ['txt'], url: 'robots.txt' },
  sitemap: { static: ['xml'], url: 'sitemap.xml' },
  manifest: { static: ['json', 'webmanifest'], url: 'manifest.webmanifest' },
} as const
export type MetadataTextKind = keyof typeof TEXT_FILES

const MODULE_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx']

/**
 * Whether `file` is a static metadata file the build reads as bytes (vite/metadata-files.ts): an
 * image, a static robots.txt, sitemap.xml or manifest, or an image's `.alt.txt`.
 */
export function isStaticMetadataFile(file: string): boolean {
  const alt = /^(.*\/)?(opengraph-image|twitter-image)\.alt\.txt$/.exec(file)
  if (alt) return true
  const found = metadataFileOf(file)
  return found !== null && !(found.type === 'text' && found.code)
}

/** The module names the route glob takes beside the segment files (vite/route-files.ts). */
export const METADATA_ROUTE_MODULES = Object.keys(TEXT_FILES)

/** A static file's build-time facts (vite/metadata-files.ts): its bytes, a hash, its size. */
export interface StaticMetadataFile {
  /** The bytes, base64; the text itself for a text file. */
  body: string
  base64: boolean
  /** 8 hex digits of the content's SHA-256, for the `?` query Next adds to an image's URL. */
  hash: string
  width?: number
  height?: number
}

export type MetadataFile =
  | {
      type: 'image'
      kind: MetadataImageKind
      /** Path relative to src/routes. */
      file: string
      /** The URL path it is served at: its folder's URL segments and its own name. */
      url: string
      ext: string
      /** `opengraph-image.alt.txt` beside an Open Graph or Twitter image. */
      altFile?: string
    }
  | { type: 'text'; kind: MetadataTextKind; file: string; url: string; ext: string; code: boolean }

/** A folder's URL path, or null where Next's static metadata files would need params. */
function folderUrl(dir: string): string | null {
  if (dir === '') return ''
  let url = ''
  for (const folder of dir.split('/')) {
    const segment = classifyFolder(folder)
    if (segment.intercept || segment.type === 'slot') return null
    if (segment.type === 'group') continue
    if (segment.type !== 'static') return null
    url += `/${segment.encoded}`
  }
  return url
}

/** What `file` (relative to src/routes) is as a metadata file, if it is one the table serves. */
export function metadataFileOf(file: string): MetadataFile | null {
  const slash = file.lastIndexOf('/')
  const dir = slash === -1 ? '' : file.slice(0, slash)
  const name = file.slice(slash + 1)
  const dot = name.indexOf('.')
  if (dot === -1) return null
  const base = name.slice(0, dot)
  const ext = name.slice(dot + 1)
  const url = folderUrl(dir)
  if (url === null) return null
  if (base in IMAGE_FILES) {
    const kind = base as MetadataImageKind
    if (!(IMAGE_FILES[kind] as readonly string[]).includes(ext)) return null
    if (kind === 'favicon' && dir !== '') return null
    return { type: 'image', kind, file, url: `${url}/${name}`, ext }
  }
  if (base in TEXT_FILES && dir === '') {
    const kind = base as MetadataTextKind
    const code = MODULE_EXTENSIONS.includes(ext)
    if (!code && !(TEXT_FILES[kind].static as readonly string[]).includes(ext)) return null
    return {
      type: 'text',
      kind,
      file,
      url: code ? `/${TEXT_FILES[kind].url}` : `/${name}`,
      ext,
      code,
    }
  }
  return null
}

/** An app's metadata files: by the URL they answer, and the images of each folder. */
export interface MetadataFileTable {
  byUrl: ReadonlyMap<string, MetadataFile>
  /** The images of a folder (path relative to src/routes), in the order Next lists them. */
  imagesOf(dir: string): readonly Extract<MetadataFile, { type: 'image' }>[]
  /** The root's manifest, if the app has one: linked from every page's head. */
  manifest: Extract<MetadataFile, { type: 'text' }> | undefined
  /** The root's sitemap module, answering /sitemap/[id].xml when it has generateSitemaps(). */
  sitemapModule: string | undefined
}

const KIND_ORDER = Object.keys(IMAGE_FILES)
const EXT_ORDER = ['ico', 'jpg', 'jpeg', 'png', 'svg', 'gif']

/** @param files paths relative to src/routes: route modules and static metadata files alike. */
export function createMetadataFileTable(files: readonly string[]): MetadataFileTable {
  const byUrl = new Map<string, MetadataFile>()
  const byDir = new Map<string, Extract<MetadataFile, { type: 'image' }>[]>()
  const fileSet = new Set(files)
  let manifest: MetadataFileTable['manifest']
  let sitemapModule: string | undefined
  for (const file of files) {
    const found = metadataFileOf(file)
    if (!found) continue
    const other = byUrl.get(found.url)
    if (other) {
      throw new Error(`Two metadata files answer ${found.url}: ${other.file} and ${file}.`)
    }
    byUrl.set(found.url, found)
    if (found.type === 'text') {
      if (found.kind === 'manifest') manifest = found
      if (found.kind === 'sitemap' && found.code) sitemapModule = file
      continue
    }
    const altFile = file.replace(/\.[^.]+$/, '.alt.txt')
    if (found.kind.endsWith('-image') && fileSet.has(altFile)) found.altFile = altFile
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : ''
    byDir.set(dir, [...(byDir.get(dir) ?? []), found])
  }
  for (const list of byDir.values()) {
    list.sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) ||
        EXT_ORDER.indexOf(a.ext) - EXT_ORDER.indexOf(b.ext),
    )
  }
  return { byUrl, imagesOf: (dir) => byDir.get(dir) ?? [], manifest, sitemapModule }
}
