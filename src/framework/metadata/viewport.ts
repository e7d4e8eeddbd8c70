// A route's segments' viewports merged over the default, and written as `<meta name="viewport">`
// content (docs/metadata.md, "The default tags"), as Next.js does. Pure.
import { toList } from './resolve-fields.ts'
import type { ResolvedViewport } from './resolved-types.ts'
import type { Viewport } from './types.ts'

export const DEFAULT_VIEWPORT: Viewport = { width: 'device-width', initialScale: 1 }

const VIEWPORT_KEYS = [
  ['width', 'width'],
  ['height', 'height'],
  ['initialScale', 'initial-scale'],
  ['minimumScale', 'minimum-scale'],
  ['maximumScale', 'maximum-scale'],
  ['viewportFit', 'viewport-fit'],
  ['userScalable', 'user-scalable'],
  ['interactiveWidget', 'interactive-widget'],
] as const

/**
 * Segments' viewports, root first, over the default; each key the later one gives wins, as in
 * Next.js: a key given as `undefined` (`initialScale: undefined`) removes the default's, and a
 * value that is empty (or an initial scale of 0) writes nothing.
 */
export function resolveViewport(items: readonly Viewport[]): ResolvedViewport {
  const merged: Viewport = { ...DEFAULT_VIEWPORT }
  for (const item of items) Object.assign(merged, item)
  const content = VIEWPORT_KEYS.flatMap(([key, name]) => {
    const value = merged[key]
    if (typeof value === 'boolean') return [`${name}=${value ? 'yes' : 'no'}`]
    if (value === undefined || value === null || value === '' || value === 0) return []
    return [`${name}=${value}`]
  }).join(', ')
  const { themeColor, colorScheme } = merged
  return {
    viewport: content,
    themeColor:
      themeColor === null || themeColor === undefined
        ? null
        : toList(themeColor).map((c) => (typeof c === 'string' ? { color: c } : c)),
    colorScheme: colorScheme ?? null,
  }
}
