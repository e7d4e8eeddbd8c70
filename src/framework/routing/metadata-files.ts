// Next.js's metadata files under src/routes (favicon.ico, icon.png, opengraph-image.jpg,
// robots.ts, sitemap.ts, manifest.ts, …): which file names they are, the URL each is served at,
// and the table of them an app has, by URL and by folder. Pure, no I/O: the bytes and sizes of
// static files come from the build (vite/metadata-files.ts).
import {
  type FolderUrl,
  folderPattern,
  folderUrl,
  hasParams,
  matchFolderUrl,
} from './metadata-file-urls.ts'
import type { Params } from './types.ts'

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

/** One of generateSitemaps()' sitemaps of the folder at `folder` (wire/protocol.ts SITEMAP_BY_ID). */
export const sitemapUrl = (folder: string, id: string) =>
  `${folder}/sitemap/${encodeURIComponent(id)}.xml`

const MODULE_EXTENSIONS = ['ts', 'tsx', 'js', 'jsx']

/**
 * Whether `file` is a static metadata file the build reads as bytes (vite/metadata-files.ts): an
 * image, a static robots.txt, sitemap.xml or manifest, or an image's `.alt.txt`.
 */
export function isStaticMetadataFile(file: string): boolean {
  const alt = /^(.*\/)?(opengraph-image|twitter-image)\d?\.alt\.txt$/.exec(file)
  if (alt) return true
  const found = metadataFileOf(file)
  return found !== null && !found.code
}

/** Whether `file` is an image made from code (`opengraph-image.tsx`): the build hashes its source. */
export function isGeneratedImageFile(file: string): boolean {
  const found = metadataFileOf(file)
  return found?.type === 'image' && found.code
}

/** The root's text modules, loaded beside the segment files (vite/route-files.ts). */
export const METADATA_ROUTE_MODULES = Object.keys(TEXT_FILES)

/** The text module any folder may hold: `blog/sitemap.ts`. */
export const NESTED_METADATA_ROUTE_MODULES = ['sitemap']

/** The image modules any folder may hold, numbered ones included (`icon1.tsx`). */
export const METADATA_IMAGE_MODULES = Object.keys(IMAGE_FILES)
  .filter((kind) => kind !== 'favicon')
  .flatMap((kind) => [kind, ...Array.from({ length: 10 }, (_, n) => `${kind}${n}`)])

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

interface FileBase {
  /** Path relative to src/routes. */
  file: string
  /** The folder holding it, relative to src/routes. */
  dir: string
  /** The folder's URL (metadata-file-urls.ts). */
  folder: FolderUrl
  /** The last URL segment it is served at (`icon1.png`; `icon-1x9k2f.png` below a group). */
  name: string
  /** Its URL as a route pattern (`/notes/[id]/opengraph-image.png`): the URL itself without params. */
  url: string
  ext: string
  /** A module whose default export makes it (robots.ts, opengraph-image.tsx), not a file's bytes. */
  code: boolean
}

export type MetadataFile =
  | (FileBase & {
      type: 'image'
      kind: MetadataImageKind
      /** The name before the extension, with its number: `icon`, `icon1`. */
      base: string
      /** `opengraph-image.alt.txt` beside an Open Graph or Twitter image. */
      altFile?: string
    })
  | (FileBase & { type: 'text'; kind: MetadataTextKind })

/** Next's numbered image files: `icon`, `icon0` … `icon9` (discover.ts). */
const NUMBERED = /^(.*?)(\d?)$/

/** What `file` (relative to src/routes) is as a metadata file, if it is one the table serves. */
export function metadataFileOf(file: string): MetadataFile | null {
  const slash = file.lastIndexOf('/')
  const dir = slash === -1 ? '' : file.slice(0, slash)
  const fileName = file.slice(slash + 1)
  const dot = fileName.indexOf('.')
  if (dot === -1) return null
  const base = fileName.slice(0, dot)
  const ext = fileName.slice(dot + 1)
  const folder = folderUrl(dir)
  const at = (name: string) => ({
    file,
    dir,
    folder,
    name,
    url: `${folderPattern(folder)}/${name}`,
    ext,
  })
  const [, kindName = '', number = ''] = NUMBERED.exec(base) ?? []
  if (kindName in IMAGE_FILES && !(kindName === 'favicon' && number)) {
    const kind = kindName as MetadataImageKind
    // As in Next.js, an image module is served without its extension (`/opengraph-image`).
    const code = kind !== 'favicon' && MODULE_EXTENSIONS.includes(ext)
    if (!code && !(IMAGE_FILES[kind] as readonly string[]).includes(ext)) return null
    if (kind === 'favicon' && dir !== '') return null
    const name = code ? `${base}${folder.suffix}` : `${base}${folder.suffix}.${ext}`
    return { type: 'image', kind, base, code, ...at(name) }
  }
  // robots and manifest belong to the root; a sitemap to any folder (`blog/sitemap.ts` →
  // `/blog/sitemap.xml`), without the group suffix images take (Next's get-metadata-route.ts).
  if (base in TEXT_FILES && (dir === '' || base === 'sitemap')) {
    const kind = base as MetadataTextKind
    const code = MODULE_EXTENSIONS.includes(ext)
    if (!code && !(TEXT_FILES[kind].static as readonly string[]).includes(ext)) return null
    return { type: 'text', kind, code, ...at(code ? TEXT_FILES[kind].url : fileName) }
  }
  return null
}

/** An app's metadata files: by the URL they answer, and the images of each folder. */
export interface MetadataFileTable {
  /** By URL; a file in a folder with params by its pattern (`/notes/[id]/icon.png`). */
  byUrl: ReadonlyMap<string, MetadataFile>
  /**
   * The file answering `pathname`, with the params of its folder; for an image module, `id` is
   * the segment after its name (`/opengraph-image/<id>`, generateImageMetadata()).
   */
  match(pathname: string): MetadataFileMatch | null
  /** The images of a folder (path relative to src/routes), in the order Next lists them. */
  imagesOf(dir: string): readonly Extract<MetadataFile, { type: 'image' }>[]
  /** The root's manifest, if the app has one: linked from every page's head. */
  manifest: Extract<MetadataFile, { type: 'text' }> | undefined
}

export interface MetadataFileMatch {
  file: MetadataFile
  params: Params
  id?: string
}

const KIND_ORDER = Object.keys(IMAGE_FILES)

/** The files of folders with params, by their file's URL segment: matched segment by segment. */
function paramMatcher(files: readonly MetadataFile[]): MetadataFileTable['match'] {
  const byName = new Map<string, MetadataFile[]>()
  for (const file of files) byName.set(file.name, [...(byName.get(file.name) ?? []), file])
  return (pathname) => {
    const segments = pathname.split('/').slice(1)
    const last = segments.pop()
    let decoded: string[]
    try {
      decoded = segments.map(decodeURIComponent)
    } catch {
      return null
    }
    for (const file of byName.get(last ?? '') ?? []) {
      const params = matchFolderUrl(file.folder, decoded)
      if (params) return { file, params }
    }
    const named = segments.at(-1)
    if (last === undefined || named === undefined) return null
    let id: string
    try {
      id = decodeURIComponent(last)
    } catch {
      return null
    }
    for (const file of byName.get(named) ?? []) {
      const params = file.code ? matchFolderUrl(file.folder, decoded.slice(0, -1)) : null
      if (params) return { file, params, id }
    }
    return null
  }
}

/** @param files paths relative to src/routes: route modules and static metadata files alike. */
export function createMetadataFileTable(files: readonly string[]): MetadataFileTable {
  const byUrl = new Map<string, MetadataFile>()
  const byDir = new Map<string, Extract<MetadataFile, { type: 'image' }>[]>()
  // Matched segment by segment: files of folders with params, and image modules (`…/<id>`).
  const withParams: MetadataFile[] = []
  const fileSet = new Set(files)
  let manifest: MetadataFileTable['manifest']
  for (const file of files) {
    const found = metadataFileOf(file)
    if (!found) continue
    const other = byUrl.get(found.url)
    if (other) {
      throw new Error(`Two metadata files answer ${found.url}: ${other.file} and ${file}.`)
    }
    byUrl.set(found.url, found)
    if (hasParams(found.folder) || (found.type === 'image' && found.code)) withParams.push(found)
    if (found.type === 'text') {
      if (found.kind === 'manifest') manifest = found
      continue
    }
    const altFile = file.replace(/\.[^.]+$/, '.alt.txt')
    if (found.kind.endsWith('-image') && fileSet.has(altFile)) found.altFile = altFile
    byDir.set(found.dir, [...(byDir.get(found.dir) ?? []), found])
  }
  // Next lists each kind's files by their paths' order (discover.ts): `icon.png`, `icon1.png`.
  for (const list of byDir.values()) {
    list.sort(
      (a, b) =>
        KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.file.localeCompare(b.file),
    )
  }
  const matchWithParams = paramMatcher(withParams)
  const match: MetadataFileTable['match'] = (pathname) => {
    const file = byUrl.get(pathname)
    if (file && !hasParams(file.folder)) return { file, params: {} }
    return matchWithParams(pathname)
  }
  return { byUrl, match, imagesOf: (dir) => byDir.get(dir) ?? [], manifest }
}
