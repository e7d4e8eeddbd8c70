// Where a metadata file in a folder is served, as Next.js's get-metadata-route.ts says: the
// folder's URL segments (groups and `@slot` folders left out, `[id]` filled from the params), a
// suffix made from the folder's path when a group or slot would let two folders share one URL
// (`(shop)/icon.png` → `/icon-1x9k2f.png`), then the file's name. Pure.
import { classifyFolder } from './folder-names.ts'
import type { FolderUrl, Params, UrlPart } from './types.ts'

export type { FolderUrl } from './types.ts'

/** Next's djb2 (shared/lib/hash.ts): 32 bits, unsigned. */
export function djb2Hash(text: string): number {
  let hash = 5381
  for (let i = 0; i < text.length; i++)
    hash = ((hash << 5) + hash + text.charCodeAt(i)) & 0xffffffff
  return hash >>> 0
}

/** Next's group test (shared/lib/segment.ts): `(name)`, which `(.)name` is not. */
const isGroupName = (folder: string) => folder.startsWith('(') && folder.endsWith(')')

/** The URL of the folder `dir` (relative to src/routes), for the metadata files it holds. */
export function folderUrl(dir: string): FolderUrl {
  if (dir === '') return { parts: [], suffix: '' }
  const parts: UrlPart[] = []
  let hashed = false
  for (const folder of dir.split('/')) {
    const segment = classifyFolder(folder)
    if (segment.type === 'slot' || (isGroupName(folder) && !segment.intercept)) {
      hashed = true
      continue
    }
    const prefix = segment.intercept ?? ''
    if (segment.type === 'static') parts.push({ type: 'static', text: prefix + segment.encoded })
    else if (segment.type !== 'group')
      parts.push({ type: segment.type, name: segment.name, prefix })
  }
  return { parts, suffix: hashed ? `-${djb2Hash(`/${dir}`).toString(36).slice(0, 6)}` : '' }
}

/** Whether a folder's URL needs params. */
export const hasParams = (url: FolderUrl) => url.parts.some((part) => part.type !== 'static')

/** The path of `url` as Next writes a route (`/notes/[id]`): for messages and table keys. */
export function folderPattern(url: FolderUrl): string {
  return url.parts
    .map((part) => {
      if (part.type === 'static') return `/${part.text}`
      const name =
        part.type === 'dynamic'
          ? `[${part.name}]`
          : part.type === 'catch-all'
            ? `[...${part.name}]`
            : `[[...${part.name}]]`
      return `/${part.prefix}${name}`
    })
    .join('')
}

/** `url` with `params` filled in, each value percent-encoded as Next's interpolation does. */
export function fillFolderUrl(url: FolderUrl, params: Params): string {
  let path = ''
  for (const part of url.parts) {
    if (part.type === 'static') {
      path += `/${part.text}`
      continue
    }
    const value = params[part.name]
    const values = value === undefined ? [] : Array.isArray(value) ? value : [value]
    if (values.length === 0 && part.type === 'optional-catch-all') continue
    path += `/${part.prefix}${values.map(encodeURIComponent).join('/')}`
  }
  return path
}

/**
 * The params of `url` when `segments` (a pathname's, decoded, without the file's own) are its
 * URL; null when they are not.
 */
export function matchFolderUrl(url: FolderUrl, segments: readonly string[]): Params | null {
  const params: Params = {}
  let at = 0
  for (const [i, part] of url.parts.entries()) {
    if (part.type === 'static') {
      if (segments[at] !== decodeSafe(part.text)) return null
      at++
      continue
    }
    if (part.type === 'dynamic') {
      const value = stripPrefix(segments[at], part.prefix)
      if (!value) return null
      params[part.name] = value
      at++
      continue
    }
    // A catch-all takes the segments the parts after it leave.
    const rest = url.parts.length - i - 1
    const taken = segments.slice(at, segments.length - rest)
    if (taken.length === 0 && part.type === 'catch-all') return null
    if (taken.length > 0) {
      const first = stripPrefix(taken[0], part.prefix)
      if (first === null) return null
      params[part.name] = [first, ...taken.slice(1)]
    }
    at += taken.length
  }
  return at === segments.length ? params : null
}

function stripPrefix(segment: string | undefined, prefix: string): string | null {
  if (segment === undefined || !segment.startsWith(prefix)) return null
  return segment.slice(prefix.length)
}

function decodeSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}
