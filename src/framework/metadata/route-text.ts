// What robots.ts, sitemap.ts and manifest.ts return, written out as Next.js writes it
// (resolve-route-data.ts): robots.txt lines, the sitemap's XML, the manifest's JSON. Pure.
import type { Manifest, Robots, Sitemap } from './route-types.ts'

const list = <T>(value: T | T[]): T[] => (Array.isArray(value) ? value : [value])

export function robotsText(data: Robots): string {
  let content = ''
  for (const rule of list(data.rules)) {
    for (const agent of list(rule.userAgent || ['*'])) content += `User-Agent: ${agent}\n`
    if (rule.allow) for (const item of list(rule.allow)) content += `Allow: ${item}\n`
    if (rule.disallow) for (const item of list(rule.disallow)) content += `Disallow: ${item}\n`
    if (rule.crawlDelay) content += `Crawl-delay: ${rule.crawlDelay}\n`
    content += '\n'
  }
  if (data.host) content += `Host: ${data.host}\n`
  if (data.sitemap) for (const item of list(data.sitemap)) content += `Sitemap: ${item}\n`
  return content
}

const dateText = (value: Date | string) => (value instanceof Date ? value.toISOString() : value)

/** One video's fields, joined by newlines as Next joins them (the last line ends the element). */
function videoXml(video: NonNullable<Sitemap[number]['videos']>[number]): string {
  const field = (key: keyof typeof video) =>
    video[key] ? `<video:${key}>${String(video[key])}</video:${key}>` : ''
  const related = (key: 'restriction' | 'platform') => {
    const value = video[key]
    return value
      ? `<video:${key} relationship="${value.relationship}">${value.content}</video:${key}>`
      : ''
  }
  const { uploader } = video
  return [
    '<video:video>',
    `<video:title>${video.title}</video:title>`,
    `<video:thumbnail_loc>${video.thumbnail_loc}</video:thumbnail_loc>`,
    `<video:description>${video.description}</video:description>`,
    ...(
      [
        'content_loc',
        'player_loc',
        'duration',
        'view_count',
        'tag',
        'rating',
        'expiration_date',
        'publication_date',
        'family_friendly',
        'requires_subscription',
        'live',
      ] as const
    ).map(field),
    related('restriction'),
    related('platform'),
    uploader
      ? `<video:uploader${uploader.info && ` info="${uploader.info}"`}>${uploader.content}</video:uploader>`
      : '',
    '</video:video>\n',
  ]
    .filter(Boolean)
    .join('\n')
}

export function sitemapXml(data: Sitemap): string {
  const hasAlternates = data.some((item) => Object.keys(item.alternates ?? {}).length > 0)
  const hasImages = data.some((item) => Boolean(item.images?.length))
  const hasVideos = data.some((item) => Boolean(item.videos?.length))
  let content = '<?xml version="1.0" encoding="UTF-8"?>\n'
  content += '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'
  if (hasImages) content += ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'
  if (hasVideos) content += ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"'
  content += hasAlternates ? ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' : '>\n'
  for (const item of data) {
    content += `<url>\n<loc>${item.url}</loc>\n`
    const languages = item.alternates?.languages
    if (languages && Object.keys(languages).length) {
      for (const language in languages) {
        content += `<xhtml:link rel="alternate" hreflang="${language}" href="${languages[language]}" />\n`
      }
    }
    for (const image of item.images ?? []) {
      content += `<image:image>\n<image:loc>${image}</image:loc>\n</image:image>\n`
    }
    for (const video of item.videos ?? []) content += videoXml(video)
    if (item.lastModified) content += `<lastmod>${dateText(item.lastModified)}</lastmod>\n`
    if (item.changeFrequency) content += `<changefreq>${item.changeFrequency}</changefreq>\n`
    if (typeof item.priority === 'number') content += `<priority>${item.priority}</priority>\n`
    content += '</url>\n'
  }
  return `${content}</urlset>\n`
}

export function manifestJson(data: Manifest): string {
  return JSON.stringify(data)
}
