// Tags: the limits on an entry's tags, and the implicit tag that ties an entry to the path whose
// render computed it (so that revalidatePath() can find it).
import { createHash } from 'node:crypto'

/** Most tags one entry keeps; the rest are dropped with a warning. */
export const MAX_TAGS_PER_ENTRY = 128
/** Longest tag, in characters (UTF-16 code units); longer ones are dropped with a warning. */
export const MAX_TAG_LENGTH = 256

/** Prefix of the implicit path tags; app tags should not start with it. */
export const PATH_TAG_PREFIX = '_path:'

/**
 * The tags an entry keeps: duplicates removed, then at most MAX_TAGS_PER_ENTRY tags of at most
 * MAX_TAG_LENGTH characters, in the order given. The limits bound what an entry costs to store
 * and to check; breaking them must not break the page, so the rest is dropped with ONE warning
 * naming every dropped tag.
 */
export function limitTags(tags: readonly string[], name: string): string[] {
  const kept: string[] = []
  const dropped: string[] = []
  for (const tag of new Set(tags)) {
    if (tag.length > MAX_TAG_LENGTH || kept.length >= MAX_TAGS_PER_ENTRY) dropped.push(tag)
    else kept.push(tag)
  }
  if (dropped.length > 0) {
    console.warn(
      `cached(${name}): dropped ${dropped.length} tag(s) past the limits of ${MAX_TAGS_PER_ENTRY} tags per entry and ${MAX_TAG_LENGTH} characters per tag: ${dropped.map((tag) => JSON.stringify(tag)).join(', ')}`,
    )
  }
  return kept
}

/** `/notes/`, `/notes?x` and `notes` are all the path `/notes`. */
export function normalizePath(path: string): string {
  // Prefixed, not resolved against a base: `//x` is a path here, not a protocol-relative URL.
  const pathname = new URL(`http://localhost${path.startsWith('/') ? '' : '/'}${path}`).pathname
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
}

/**
 * The implicit tag of a path. A path too long to be a tag is hashed, so that every path can be
 * revalidated and a long URL never triggers a warning.
 */
export function pathTag(path: string): string {
  const tag = PATH_TAG_PREFIX + normalizePath(path)
  if (tag.length <= MAX_TAG_LENGTH) return tag
  return `${PATH_TAG_PREFIX}#${createHash('sha256').update(tag).digest('base64url')}`
}
