// robots.ts, sitemap.ts and manifest.ts written out in Next.js's exact text formats
// (resolve-route-data.ts): metadata/route-text.ts.
import { describe, expect, it } from 'vitest'
import { manifestJson, robotsText, sitemapXml } from '../../src/framework/metadata/route-text.ts'

describe('robots.txt', () => {
  it('writes each rule, then the host and the sitemaps', () => {
    expect(
      robotsText({
        rules: [
          { userAgent: 'Googlebot', allow: ['/'], disallow: '/private/' },
          { userAgent: ['Applebot', 'Bingbot'], disallow: ['/'], crawlDelay: 2 },
        ],
        host: 'https://acme.com',
        sitemap: ['https://acme.com/sitemap.xml', 'https://acme.com/news.xml'],
      }),
    ).toBe(
      'User-Agent: Googlebot\nAllow: /\nDisallow: /private/\n\n' +
        'User-Agent: Applebot\nUser-Agent: Bingbot\nDisallow: /\nCrawl-delay: 2\n\n' +
        'Host: https://acme.com\n' +
        'Sitemap: https://acme.com/sitemap.xml\nSitemap: https://acme.com/news.xml\n',
    )
  })

  it('takes one rule for every agent when it names none', () => {
    expect(robotsText({ rules: { allow: '/' } })).toBe('User-Agent: *\nAllow: /\n\n')
  })
})

describe('sitemap.xml', () => {
  it('writes each URL with its date, frequency and priority', () => {
    expect(
      sitemapXml([
        {
          url: 'https://acme.com',
          lastModified: new Date('2023-04-06T15:02:24.021Z'),
          changeFrequency: 'yearly',
          priority: 1,
        },
        { url: 'https://acme.com/about', lastModified: '2023-04-06', priority: 0 },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
        '<url>\n<loc>https://acme.com</loc>\n<lastmod>2023-04-06T15:02:24.021Z</lastmod>\n' +
        '<changefreq>yearly</changefreq>\n<priority>1</priority>\n</url>\n' +
        '<url>\n<loc>https://acme.com/about</loc>\n<lastmod>2023-04-06</lastmod>\n' +
        '<priority>0</priority>\n</url>\n' +
        '</urlset>\n',
    )
  })

  it('declares the namespaces of alternates, images and videos it uses', () => {
    expect(
      sitemapXml([
        {
          url: 'https://acme.com',
          alternates: { languages: { es: 'https://acme.com/es' } },
          images: ['https://acme.com/a.jpg'],
          videos: [
            {
              title: 'T',
              thumbnail_loc: 'https://acme.com/t.jpg',
              description: 'D',
              duration: 60,
            },
          ],
        },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"' +
        ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"' +
        ' xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"' +
        ' xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
        '<url>\n<loc>https://acme.com</loc>\n' +
        '<xhtml:link rel="alternate" hreflang="es" href="https://acme.com/es" />\n' +
        '<image:image>\n<image:loc>https://acme.com/a.jpg</image:loc>\n</image:image>\n' +
        '<video:video>\n<video:title>T</video:title>\n' +
        '<video:thumbnail_loc>https://acme.com/t.jpg</video:thumbnail_loc>\n' +
        '<video:description>D</video:description>\n<video:duration>60</video:duration>\n' +
        '</video:video>\n' +
        '</url>\n</urlset>\n',
    )
  })
})

describe('the manifest', () => {
  it('is its JSON', () => {
    expect(manifestJson({ name: 'Acme', start_url: '/', display: 'standalone' })).toBe(
      '{"name":"Acme","start_url":"/","display":"standalone"}',
    )
  })
})
