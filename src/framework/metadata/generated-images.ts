// The head entries of images made by modules (opengraph-image.tsx, icon.tsx, …; docs/metadata.md,
// "Images made from code"), as Next's metadata image loader makes them: the module's `alt`,
// `size` and `contentType` exports, or one entry per item of its `generateImageMetadata()`, each
// at `<url>/<id>`. Read per page, once its folder's params are filled.
import type { FileIcon, FileImage, Params, SegmentMetadataFiles } from '../routing/types.ts'

type ModuleExports = Record<string, unknown>

/** What an image module (or one item of its generateImageMetadata()) says of an image. */
interface ImageMetadata {
  id?: string | number
  alt?: string
  size?: { width: number; height: number }
  contentType?: string
}

/** An entry in Next's key order (alt, type, url, then the size), which the tags follow. */
function entryOf(kind: string, url: string, data: ImageMetadata): FileIcon | FileImage {
  const entry: FileImage & FileIcon = {
    ...(data.alt !== undefined ? { alt: data.alt } : {}),
    type: data.contentType || 'image/png',
    url,
  }
  if (data.size) {
    if (kind === 'openGraph' || kind === 'twitter') {
      entry.width = data.size.width
      entry.height = data.size.height
    } else entry.sizes = `${data.size.width}x${data.size.height}`
  }
  return entry
}

async function entriesOf(
  mod: ModuleExports,
  kind: string,
  url: string,
  query: string,
  params: Params,
): Promise<(FileIcon | FileImage)[]> {
  const generate = mod.generateImageMetadata
  if (typeof generate !== 'function') {
    return [entryOf(kind, url + query, mod as ImageMetadata)]
  }
  const items = (await generate({ params })) as ImageMetadata[]
  return items.map((item) => entryOf(kind, `${url}/${String(item.id)}${query}`, item))
}

/** `files` with its image modules read: their entries after the files of their kind. */
export async function withGeneratedImages(
  files: SegmentMetadataFiles,
  load: (file: string) => Promise<ModuleExports>,
  params: Params,
): Promise<SegmentMetadataFiles> {
  const { generated, ...rest } = files
  if (!generated) return files
  const lists = await Promise.all(
    generated.map(async ({ file, kind, url, query }) =>
      entriesOf(await load(file), kind, url, query, params),
    ),
  )
  const result = { ...rest, icon: [...rest.icon], apple: [...rest.apple] }
  const images = { openGraph: [...rest.openGraph], twitter: [...rest.twitter] }
  generated.forEach(({ kind }, i) => {
    const entries = lists[i]!
    if (kind === 'icon' || kind === 'apple') result[kind].push(...(entries as FileIcon[]))
    else images[kind].push(...(entries as FileImage[]))
  })
  return { ...result, ...images }
}
