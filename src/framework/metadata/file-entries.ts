// The head entries of a folder's metadata files (routing/metadata-files.ts): each icon's URL with
// the content query Next adds, its `sizes` and `type`; each Open Graph or Twitter image's URL,
// type, size and alt text; the root's manifest. Made once per handler from the build's facts
// about each static file (vite/metadata-files.ts).
import type {
  FileImage,
  MetadataFile,
  MetadataFileTable,
  SegmentMetadataFiles,
  StaticMetadataFile,
} from '../routing/metadata-files.ts'
import { CONTENT_TYPE_METADATA_IMAGE, CONTENT_TYPE_METADATA_TEXT } from '../wire/protocol.ts'

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
    if (!facts) continue
    const name = image.file.slice(image.file.lastIndexOf('/') + 1)
    // Next's static image URLs carry a content query (Turbopack's form: `?icon.<hash>.png`).
    const url = `${image.url}?${name.slice(0, name.indexOf('.'))}.${facts.hash}.${image.ext}`
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
