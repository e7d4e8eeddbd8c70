// Metadata files (docs/metadata.md, "Metadata files") against the production build: the
// notebook's favicon.ico, icon.png, apple-icon.png, notes/opengraph-image.png (with its alt text),
// robots.ts, sitemap.ts and manifest.ts, each at Next.js's URL with its headers, and the tags
// every page's head gets from them.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { imageSize } from 'image-size'
import { describe, expect, test } from 'vitest'
import type { PrerenderManifest } from '../../src/framework/static/prerendered.ts'
import { DIST_DIR, setupBrowser, setupProductionServer, waitForHydration } from './support/index.ts'

const app = setupProductionServer()
const chromium = setupBrowser(app)

const REVALIDATE = 'public, max-age=0, must-revalidate'
const routeFile = (name: string) =>
  readFileSync(new URL(`../../src/routes/${name}`, import.meta.url))

async function get(path: string, method = 'GET') {
  const response = await fetch(app.url + path, { method })
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    cacheControl: response.headers.get('cache-control'),
    bytes: Buffer.from(await response.arrayBuffer()),
  }
}

describe('metadata files over HTTP', () => {
  test.each([
    ['/favicon.ico', 'favicon.ico', 'image/x-icon'],
    ['/icon.png', 'icon.png', 'image/png'],
    ['/apple-icon.png', 'apple-icon.png', 'image/png'],
    ['/notes/opengraph-image.png', 'notes/opengraph-image.png', 'image/png'],
  ])('%s: the file’s bytes, as %s', async (path, file, type) => {
    const answer = await get(path)
    expect(answer.status).toBe(200)
    expect(answer.type).toBe(type)
    expect(answer.cacheControl).toBe(REVALIDATE)
    expect(answer.bytes.equals(routeFile(file))).toBe(true)
  })

  test('/robots.txt: what robots.ts returns, as text', async () => {
    const answer = await get('/robots.txt')
    expect(answer.type).toBe('text/plain')
    expect(answer.cacheControl).toBe(REVALIDATE)
    expect(answer.bytes.toString()).toBe(
      'User-Agent: *\nAllow: /\nDisallow: /admin\nDisallow: /account\nDisallow: /lab\n\n' +
        'Sitemap: https://notebook.example/sitemap.xml\n',
    )
  })

  test('/sitemap.xml: the notebook’s pages, each note among them', async () => {
    const answer = await get('/sitemap.xml')
    expect(answer.type).toBe('application/xml')
    const xml = answer.bytes.toString()
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true)
    expect(xml).toContain(
      '<url>\n<loc>https://notebook.example</loc>\n<changefreq>daily</changefreq>',
    )
    expect(xml).toMatch(/<loc>https:\/\/notebook\.example\/notes\/\w+<\/loc>\n<lastmod>/)
  })

  test('/manifest.webmanifest: what manifest.ts returns, as JSON', async () => {
    const answer = await get('/manifest.webmanifest')
    expect(answer.type).toBe('application/manifest+json')
    expect(JSON.parse(answer.bytes.toString())).toMatchObject({ name: 'Notebook', start_url: '/' })
  })

  test('HEAD: the headers without the bytes', async () => {
    const answer = await get('/icon.png', 'HEAD')
    expect(answer.type).toBe('image/png')
    expect(answer.bytes.length).toBe(0)
  })

  test('an alt text is no URL', async () => {
    expect((await get('/notes/opengraph-image.alt.txt')).status).toBe(404)
  })
})

describe('the head tags', () => {
  test('a document links the icons, the manifest and its folder’s Open Graph image, in Next’s order', async () => {
    const response = await fetch(`${app.url}/notes`, { headers: { accept: 'text/html' } })
    const html = (await response.text()).replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    const head = html.slice(0, html.indexOf('</head>'))
    const hashed = (name: string, ext: string, folder = '') =>
      `${folder}/${name}.${ext}\\?${name}\\.[0-9a-f]{8}\\.${ext}`
    expect(head).toMatch(/<link rel="manifest" href="\/manifest.webmanifest"\/>/)
    expect(head).toMatch(
      new RegExp(
        `<meta property="og:image" content="${hashed('opengraph-image', 'png', '/notes')}"/>` +
          '<meta property="og:image:type" content="image/png"/>' +
          '<meta property="og:image:width" content="1200"/>' +
          '<meta property="og:image:height" content="630"/>' +
          `<meta property="og:image:alt" content="${routeFile('notes/opengraph-image.alt.txt')}"/>`,
      ),
    )
    expect(head).toMatch(
      new RegExp(
        `<meta name="twitter:image" content="${hashed('opengraph-image', 'png', '/notes')}"/>`,
      ),
    )
    expect(head).toMatch(
      new RegExp(
        `<link rel="icon" href="${hashed('favicon', 'ico')}" sizes="16x16" type="image/x-icon"/>` +
          `<link rel="icon" href="${hashed('icon', 'png')}" sizes="32x32" type="image/png"/>` +
          `<link rel="apple-touch-icon" href="${hashed('apple-icon', 'png')}" sizes="180x180" type="image/png"/>`,
      ),
    )
  })

  test('the browser loads the icon its head names', async () => {
    const page = await chromium.newPage()
    await page.goto('/')
    await waitForHydration(page)
    const href = await page.locator('link[rel="icon"][type="image/png"]').getAttribute('href')
    const answer = await get(href!)
    expect(answer.status).toBe(200)
    expect(answer.bytes.equals(routeFile('icon.png'))).toBe(true)
  })
})

/** The metadata routes the build made (dist/prerender/manifest.json). */
const made = () =>
  (JSON.parse(readFileSync(join(DIST_DIR, 'prerender/manifest.json'), 'utf8')) as PrerenderManifest)
    .files ?? {}

describe('files in a dynamic folder below a group', () => {
  // src/routes/(lab)/lab/metadata/files/[slug]: icon1.png, icon2.png, opengraph-image.png. The
  // group makes Next's suffix, djb2('/(lab)/lab/metadata/files/[slug]') in base 36.
  const folder = '(lab)/lab/metadata/files/[slug]'
  const suffix = '-lr0l1i'

  test('the head names them with the slug filled in, numbered icons in order', async () => {
    const page = await chromium.newPage()
    await page.goto('/lab/metadata/files/a%20b')
    await waitForHydration(page)
    const icons = await page
      .locator('link[rel="icon"]')
      .evaluateAll((links) =>
        links.map((link) => [link.getAttribute('href'), link.getAttribute('sizes')]),
      )
    const at = '/lab/metadata/files/a%20b'
    expect(icons.slice(1)).toEqual([
      [
        expect.stringMatching(
          new RegExp(`^${at}/icon1${suffix}\\.png\\?icon1\\.[0-9a-f]{8}\\.png$`),
        ),
        '32x32',
      ],
      [
        expect.stringMatching(
          new RegExp(`^${at}/icon2${suffix}\\.png\\?icon2\\.[0-9a-f]{8}\\.png$`),
        ),
        '180x180',
      ],
    ])
    const og = await page.locator('meta[property="og:image"]').getAttribute('content')
    expect(og).toMatch(new RegExp(`^${at}/opengraph-image${suffix}\\.png\\?`))
    expect(await page.locator('meta[property="og:image:alt"]').getAttribute('content')).toBe(
      'The metadata files lab',
    )
    for (const [href, file, size] of [
      [icons[1]![0]!, 'icon1.png', 32],
      [icons[2]![0]!, 'icon2.png', 180],
      [og!, 'opengraph-image.png', 1200],
    ] as const) {
      const answer = await get(href)
      expect(answer.status).toBe(200)
      expect(answer.type).toBe('image/png')
      expect(answer.cacheControl).toBe(REVALIDATE)
      expect(answer.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
      expect(imageSize(answer.bytes).width).toBe(size)
      expect(answer.bytes.equals(routeFile(`${folder}/${file}`))).toBe(true)
    }
    await page.close()
  })

  test('they answer at every slug, and not without the suffix', async () => {
    expect((await get(`/lab/metadata/files/other/icon1${suffix}.png`)).status).toBe(200)
    expect((await get('/lab/metadata/files/other/icon1.png')).status).toBe(404)
  })
})

describe('an image made from code: notes/[id]/opengraph-image.tsx', () => {
  test('the note’s head names it, and it is the PNG ImageResponse made, at the exported size', async () => {
    const page = await chromium.newPage()
    await page.goto('/notes/3')
    await waitForHydration(page)
    const content = async (property: string) =>
      page.locator(`meta[property="${property}"]`).getAttribute('content')
    const og = await content('og:image')
    expect(og).toMatch(/^\/notes\/3\/opengraph-image\?[0-9a-f]{8}$/)
    expect(await content('og:image:alt')).toBe('The note’s title, on the notebook’s card')
    expect(await content('og:image:type')).toBe('image/png')
    expect(await content('og:image:width')).toBe('1200')
    expect(await content('og:image:height')).toBe('630')
    expect(await page.locator('meta[name="twitter:image"]').getAttribute('content')).toBe(og)
    const answer = await get(og!)
    expect(answer.status).toBe(200)
    expect(answer.type).toBe('image/png')
    // The module's own header is kept: a note's title can be edited, so its image is checked
    // again (ImageResponse's default, a year, is tested in tests/core/metadata-images.test.tsx).
    expect(answer.cacheControl).toBe('public, max-age=0, must-revalidate')
    expect(answer.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a')
    expect(imageSize(answer.bytes)).toMatchObject({ width: 1200, height: 630 })
    await page.close()
  })

  test('each note has its own image: the title is drawn', async () => {
    const [three, four] = await Promise.all([
      get('/notes/3/opengraph-image'),
      get('/notes/4/opengraph-image'),
    ])
    expect(three.bytes.equals(four.bytes)).toBe(false)
  })
})

describe('made at build time', () => {
  const made = () =>
    (
      JSON.parse(
        readFileSync(join(DIST_DIR, 'prerender/manifest.json'), 'utf8'),
      ) as PrerenderManifest
    ).files ?? {}

  test('robots.ts and manifest.ts are made by the build and served as made', async () => {
    const files = made()
    for (const path of ['/robots.txt', '/manifest.webmanifest']) {
      const file = files[path]
      expect(file?.status).toBe(200)
      const answer = await get(path)
      expect(answer.bytes.equals(readFileSync(join(DIST_DIR, 'prerender', file!.file)))).toBe(true)
      expect(answer.type).toBe(file!.headers['content-type'])
      expect(answer.cacheControl).toBe(REVALIDATE)
    }
  })

  test('sitemap.ts, force-dynamic, and the notes’ images, with params, run per request', () => {
    expect(Object.keys(made())).not.toContain('/sitemap.xml')
    expect(Object.keys(made()).some((path) => path.includes('opengraph-image'))).toBe(false)
  })
})

describe('a nested sitemap: docs/sitemap.ts', () => {
  test('is made by the build and served at /docs/sitemap.xml, not as a docs page', async () => {
    expect(made()['/docs/sitemap.xml']?.status).toBe(200)
    const answer = await get('/docs/sitemap.xml')
    expect(answer.type).toBe('application/xml')
    expect(answer.bytes.toString()).toContain(
      '<url>\n<loc>https://notebook.example/docs/guides/routing</loc>\n</url>',
    )
  })
})
