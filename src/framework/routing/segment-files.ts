// The file names that make routes under src/routes (Next.js's conventions), kept as one list,
// and how a file path there names its folder and role.

/** File names that make routes; every other file under src/routes is an ordinary module. */
export const SEGMENT_FILES = [
  'page',
  'layout',
  'loading',
  'error',
  'not-found',
  'unauthorized',
  'forbidden',
  'global-error',
  'route',
  'default',
  'template',
] as const
export type SegmentFileRole = (typeof SEGMENT_FILES)[number]

const SOURCE_EXTENSION = /\.(tsx|ts|jsx|js)$/

/**
 * The folder and role of a file path relative to src/routes (`notes/[id]/page.tsx` → `notes/[id]`,
 * `page`); null for an ordinary module.
 */
export function segmentFileOf(file: string): { dir: string; role: SegmentFileRole } | null {
  const slash = file.lastIndexOf('/')
  const name = file.slice(slash + 1)
  const base = name.replace(SOURCE_EXTENSION, '')
  if (base === name || !(SEGMENT_FILES as readonly string[]).includes(base)) return null
  return { dir: slash === -1 ? '' : file.slice(0, slash), role: base as SegmentFileRole }
}
