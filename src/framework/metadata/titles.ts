// Titles and their templates (docs/metadata.md, "Merging"): a segment's title takes the template
// of the segments above it, as in Next.js. Pure.
import type { ResolvedMetadata, ResolvedTitle } from './resolved-types.ts'
import type { TemplateString } from './types.ts'

const TEMPLATE_SLOT = '%s'

function applyTemplate(template: string | null, title: string): string {
  // Every `%s`, as Next.js does; a function, so that `$&` and the like in a title stay as written.
  return template ? template.replaceAll(TEMPLATE_SLOT, () => title) : title
}

/** A segment's title, with the template of the segments above it (not its own). */
export function resolveTitle(
  title: TemplateString | null | undefined,
  template: string | null,
): ResolvedTitle | null {
  if (title === null || title === undefined) return null
  if (typeof title === 'string') return { absolute: applyTemplate(template, title), template: null }
  if (typeof title !== 'object') {
    throw new TypeError(
      `metadata title must be a string or { default, template } or { absolute, template }; it is ${typeof title} (${String(title)}).`,
    )
  }
  const own = title.template ?? null
  if ('absolute' in title) return { absolute: title.absolute, template: own }
  return { absolute: applyTemplate(template, title.default), template: own }
}

/** The templates a segment's titles are resolved with: those of the segments above it. */
export interface TitleTemplates {
  title: string | null
  openGraph: string | null
  twitter: string | null
}

export const NO_TEMPLATES: TitleTemplates = { title: null, openGraph: null, twitter: null }

/** The templates for the segments below one whose metadata resolved to `metadata`. */
export function templatesOf(metadata: ResolvedMetadata): TitleTemplates {
  return {
    title: metadata.title?.template ?? null,
    openGraph: metadata.openGraph?.title?.template ?? null,
    twitter: metadata.twitter?.title?.template ?? null,
  }
}
