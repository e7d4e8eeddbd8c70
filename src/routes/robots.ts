// /robots.txt: crawlers may read the notes; the admin, the account page and the lab are not
// for them.
import type { MetadataRoute } from '#framework'
import { SITE_URL } from './_data/site.ts'

export default function robots(): MetadataRoute.Robots {
  return {
    rules: { userAgent: '*', allow: '/', disallow: ['/admin', '/account', '/lab'] },
    sitemap: `${SITE_URL}/sitemap.xml`,
  }
}
