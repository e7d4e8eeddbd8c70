// The head entries of a folder's metadata files (routing/metadata-files.ts): each icon's URL with
// the content query Next adds, its `sizes` and `type`; each Open Graph or Twitter image's URL,
// type, size and alt text; the root's manifest. Made once per handler from the build's facts
// about each static file (vite/metadata-files.ts); a folder with params has its URLs filled per
// page.
import { fillFolderUrl, folderPattern, hasParams } from '../routing/metadata-file-urls.ts'
import type {
  FileImage,
  MetadataFile,
  MetadataFileTable,
  SegmentMetadataFiles,
  StaticMetadataFile,
} from '../routing/metadata-files.ts'
import type { Params } from '../routing/types.ts'
import { CONTENT_TYPE_METADATA_IMAGE, CONTENT_TYPE_METADATA_TEXT } from '../wire/protocol.ts'

const GENERATED_KIND = {
  icon: 'icon',
  'apple-icon': 'apple',
  'opengraph-image': 'openGraph',
  'twitter-image': 'twitter',
} as const

/** The Content-Type Next gives a metadata file (next-metadata-route-loader.ts). */
export function metadataContentType(file: MetadataFile): string {
  if (file.type === 'text') return CONTENT_TYPE_METADATA_TEXT[file.kind]
  return CONTENT_TYPE_METADATA_IMAGE[file.ext] ?? 'application/octet-stream'
}

/** The files of `dir` as head entries; undefined when the folder has none. */
export function segmentMetadataFiles(
  table: MetadataFileTable,
  dir: string,
  statics: Readonly<Record<string, StaticMetadataFile>>,
): SegmentMetadataFiles | undefined {
  const images = table.imagesOf(dir)
  const manifest = dir === '' ? table.manifest?.url : undefined
  if (images.length === 0 && manifest === undefined) return undefined
  const found: SegmentMetadataFiles = { icon: [], apple: [], openGraph: [], twitter: [] }
  if (manifest !== undefined) found.manifest = manifest
  for (const image of images) {
    const facts = statics[image.file]
    if (hasParams(image.folder)) found.folder = image.folder
    if (image.code) {
      const kind = GENERATED_KIND[image.kind as Exclude<typeof image.kind, 'favicon'>]
      const query = facts ? `?${facts.hash}` : ''
      found.generated = [
        ...(found.generated ?? []),
        { file: image.file, kind, url: image.url, query },
      ]
      continue
    }
    if (!facts) continue
    // Next's static image URLs carry a content query (Turbopack's form: `?icon.<hash>.png`).
    const url = `${image.url}?${image.base}.${facts.hash}.${image.ext}`
    const type = metadataContentType(image)
    const measured = facts.width !== undefined && facts.height !== undefined
    if (image.kind === 'opengraph-image' || image.kind === 'twitter-image') {
      const alt = image.altFile ? statics[image.altFile]?.body : undefined
      const entry: FileImage = {
        url,
        type,
        ...(measured ? { width: facts.width, height: facts.height } : {}),
        ...(alt ? { alt } : {}),
      }
      found[image.kind === 'opengraph-image' ? 'openGraph' : 'twitter'].push(entry)
      continue
    }
    const sizes = measured && image.ext !== 'svg' ? `${facts.width}x${facts.height}` : 'any'
    const icon = { url, sizes, type }
    if (image.kind === 'favicon') found.favicon = icon
    else found[image.kind === 'icon' ? 'icon' : 'apple'].push(icon)
  }
  return found
}

/** A folder's entries with its params filled in their URLs (`/notes/3/opengraph-image.png`). */
export function withParams(files: SegmentMetadataFiles, params: Params): SegmentMetadataFiles {
  const { folder, ...rest } = files
  if (!folder) return files
  const from = folderPattern(folder).length
  const path = fillFolderUrl(folder, params)
  const fill = <T extends { url: string }>(entry: T): T => ({
    ...entry,
    url: path + entry.url.slice(from),
  })
  return {
    ...rest,
    icon: files.icon.map(fill),
    apple: files.apple.map(fill),
    openGraph: files.openGraph.map(fill),
    twitter: files.twitter.map(fill),
    ...(files.generated ? { generated: files.generated.map(fill) } : {}),
  }
}
