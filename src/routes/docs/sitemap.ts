// /docs/sitemap.xml: a nested sitemap, as Next.js serves one at its folder's URL (docs/metadata.md,
// "Metadata files"). The guides are known at build time, so the build makes it once.
import type { MetadataRoute } from '#framework'
import { SITE_URL } from '../_data/site.ts'
import { PAGES } from './_pages.ts'

export default function sitemap(): MetadataRoute.Sitemap {
  return Object.keys(PAGES).map((path) => ({ url: `${SITE_URL}/docs/${path}` }))
}
