// The head's tags as plain [type, attributes] pairs, and the builders of its `<meta>` and
// `<link>` tags as Next.js's generate/meta.tsx writes them (MultiMeta's keys in snake case).
// field-tags.ts and social-tags.ts build the groups with them; head-elements.tsx renders them.

export type Tag =
  | ['title', string]
  | ['meta', Record<string, string>]
  | ['link', Record<string, string>]

export type Content = string | number | boolean | null | undefined

/** A `<meta>` with `content`, or nothing when there is no content. */
function meta(attribute: 'name' | 'property', key: string, content: Content): Tag[] {
  return content === null || content === undefined || content === ''
    ? []
    : [['meta', { [attribute]: key, content: String(content) }]]
}

export const metaName = (name: string, content: Content) => meta('name', name, content)
export const metaProperty = (property: string, content: Content) =>
  meta('property', property, content)

export const link = (attributes: Record<string, string>): Tag => ['link', attributes]

/** `og:image`'s `url` is `og:image` itself, as are Twitter's, video's and audio's (Next.js). */
const URL_ALIASED = new Set(['og:image', 'twitter:image', 'og:video', 'og:audio'])

/** Next.js's getMetaKey: `og:`/`twitter:` keys in snake case (`secureUrl` → `secure_url`). */
function metaKey(prefix: string, key: string): string {
  if (URL_ALIASED.has(prefix) && key === 'url') return prefix
  const snake =
    prefix.startsWith('og:') || prefix.startsWith('twitter:')
      ? key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)
      : key
  return `${prefix}:${snake}`
}

/**
 * Next.js's MultiMeta: a plain value is one tag named `prefix`; an object is one tag per key, in
 * the order its keys were given (`og:image`, then `og:image:width`, …).
 */
export function multi(
  attribute: 'name' | 'property',
  prefix: string,
  contents: readonly (Content | object)[] | null | undefined,
): Tag[] {
  return (contents ?? []).flatMap((content) => {
    if (content === null || typeof content !== 'object' || content instanceof URL) {
      return meta(attribute, prefix, content === null ? null : String(content))
    }
    return Object.entries(content).flatMap(([key, value]) =>
      meta(attribute, metaKey(prefix, key), value === undefined ? undefined : String(value)),
    )
  })
}
