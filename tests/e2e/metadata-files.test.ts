// Metadata files (docs/metadata.md, "Metadata files") against the production build: the
// notebook's favicon.ico, icon.png, apple-icon.png, notes/opengraph-image.png (with its alt text),
// robots.ts, sitemap.ts and manifest.ts, each at Next.js's URL with its headers, and the tags
// every page's head gets from them.
import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import { setupBrowser, setupProductionServer, waitForHydration } from './support/index.ts'

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
