// The resolved metadata as tags, group by group as Next.js's generate/*.tsx write them (basic.tsx,
// alternate.tsx, icons.tsx), each in Next's order; Open Graph and Twitter are social-tags.ts's,
// and head-elements.tsx puts the groups in order.
import { APP_LINK_PLATFORMS } from './resolve-fields.ts'
import type { ResolvedMetadata } from './resolved-types.ts'
import { link, metaName, metaProperty, multi, type Tag } from './tag-builders.ts'
import type { ResolvedLink } from './urls.ts'

/** basic.tsx's BasicMeta: the title, then the named tags, with the manifest and the links. */
export function basicTags(m: ResolvedMetadata): Tag[] {
  const tags: Tag[] = []
  if (m.title?.absolute) tags.push(['title', m.title.absolute])
  tags.push(...metaName('description', m.description))
  tags.push(...metaName('application-name', m.applicationName))
  for (const { name, url } of m.authors ?? []) {
    if (url) tags.push(link({ rel: 'author', href: url }))
    tags.push(...metaName('author', name))
  }
  if (m.manifest) tags.push(link({ rel: 'manifest', href: m.manifest }))
  tags.push(...metaName('generator', m.generator))
  tags.push(...metaName('keywords', m.keywords?.join(',')))
  tags.push(...metaName('referrer', m.referrer))
  tags.push(...metaName('creator', m.creator))
  tags.push(...metaName('publisher', m.publisher))
  tags.push(...metaName('robots', m.robots?.basic))
  tags.push(...metaName('googlebot', m.robots?.googleBot))
  tags.push(...metaName('abstract', m.abstract))
  for (const rel of ['archives', 'assets', 'bookmarks'] as const) {
    for (const href of m[rel] ?? []) tags.push(link({ rel, href }))
  }
  if (m.pagination?.previous) tags.push(link({ rel: 'prev', href: m.pagination.previous }))
  if (m.pagination?.next) tags.push(link({ rel: 'next', href: m.pagination.next }))
  tags.push(...metaName('category', m.category))
  tags.push(...metaName('classification', m.classification))
  for (const [name, value] of Object.entries(m.other ?? {})) {
    for (const content of Array.isArray(value) ? value : [value]) {
      tags.push(...metaName(name, content))
    }
  }
  return tags
}

function alternateLinks(
  attributes: Record<string, string>,
  links: readonly ResolvedLink[] | undefined,
): Tag[] {
  return (links ?? []).map(({ title, url }) =>
    link({ ...attributes, ...(title ? { title } : {}), href: url }),
  )
}

/** alternate.tsx: canonical, then the languages, media and types, each key's links in order. */
export function alternateTags(alternates: ResolvedMetadata['alternates']): Tag[] {
  if (!alternates) return []
  const { canonical, languages, media, types } = alternates
  return [
    ...(canonical?.url ? alternateLinks({ rel: 'canonical' }, [canonical]) : []),
    ...Object.entries(languages ?? {}).flatMap(([hrefLang, links]) =>
      alternateLinks({ rel: 'alternate', hrefLang }, links),
    ),
    ...Object.entries(media ?? {}).flatMap(([query, links]) =>
      alternateLinks({ rel: 'alternate', media: query }, links),
    ),
    ...Object.entries(types ?? {}).flatMap(([type, links]) =>
      alternateLinks({ rel: 'alternate', type }, links),
    ),
  ]
}

const FORMAT_DETECTION_KEYS = ['telephone', 'date', 'address', 'email', 'url'] as const

/**
 * basic.tsx's ItunesMeta, FacebookMeta, PinterestMeta, FormatDetectionMeta and VerificationMeta,
 * in that order (between the alternates and Open Graph).
 */
export function platformTags(m: ResolvedMetadata): Tag[] {
  const tags: Tag[] = []
  if (m.itunes) {
    const { appId, appArgument } = m.itunes
    const content = `app-id=${appId}${appArgument ? `, app-argument=${appArgument}` : ''}`
    tags.push(...metaName('apple-itunes-app', content))
  }
  if (m.facebook) {
    tags.push(...metaProperty('fb:app_id', m.facebook.appId))
    tags.push(...multi('property', 'fb:admins', m.facebook.admins))
  }
  if (m.pinterest?.richPin) {
    tags.push(...metaProperty('pinterest-rich-pin', String(m.pinterest.richPin)))
  }
  if (m.formatDetection) {
    const detection = m.formatDetection
    // `false` turns detection off; `true` is the browser's default and writes nothing.
    const off = FORMAT_DETECTION_KEYS.filter((key) => detection[key] === false)
    tags.push(...metaName('format-detection', off.map((key) => `${key}=no`).join(', ')))
  }
  const verification = m.verification
  if (verification) {
    tags.push(...multi('name', 'google-site-verification', verification.google))
    tags.push(...multi('name', 'y_key', verification.yahoo))
    tags.push(...multi('name', 'yandex-verification', verification.yandex))
    tags.push(...multi('name', 'me', verification.me))
    for (const [name, values] of Object.entries(verification.other ?? {})) {
      tags.push(...multi('name', name, values))
    }
  }
  return tags
}

/** basic.tsx's AppleWebAppMeta. */
export function appleWebAppTags(appleWebApp: ResolvedMetadata['appleWebApp']): Tag[] {
  if (!appleWebApp) return []
  const { capable, title, startupImage, statusBarStyle } = appleWebApp
  return [
    ...(capable ? metaName('mobile-web-app-capable', 'yes') : []),
    ...metaName('apple-mobile-web-app-title', title),
    ...(startupImage ?? []).map(({ url, media }) =>
      link({ href: url, ...(media ? { media } : {}), rel: 'apple-touch-startup-image' }),
    ),
    ...metaName('apple-mobile-web-app-status-bar-style', statusBarStyle),
  ]
}

/** basic.tsx's AppLinksMeta: `al:ios:url`, `al:ios:app_store_id`, …, platform by platform. */
export function appLinksTags(appLinks: ResolvedMetadata['appLinks']): Tag[] {
  if (!appLinks) return []
  return APP_LINK_PLATFORMS.flatMap((platform) =>
    multi('property', `al:${platform}`, appLinks[platform]),
  )
}

/** icons.tsx's IconsMetadata: shortcut, icon, apple, then the others with their own `rel`. */
export function iconTags(icons: ResolvedMetadata['icons']): Tag[] {
  if (!icons) return []
  const kinds = [
    [icons.shortcut, 'shortcut icon'],
    [icons.icon, 'icon'],
    [icons.apple, 'apple-touch-icon'],
    [icons.other, 'icon'],
  ] as const
  return kinds.flatMap(([list, defaultRel]) =>
    list.map(({ url, rel, ...rest }) => link({ rel: rel ?? defaultRel, href: url, ...rest })),
  )
}
