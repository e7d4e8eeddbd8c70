// Metadata files through the request pipeline (docs/metadata.md, "Metadata files"): each answered
// at Next.js's URL with its headers, robots.ts, sitemap.ts (with generateSitemaps()) and
// manifest.ts run, and the head tags of a page's folders' files.
import { describe, expect, it, vi } from 'vitest'
import { cookies, type Metadata, type MetadataRoute } from '../../src/framework/index.ts'
import type { StaticMetadataFile } from '../../src/framework/routing/metadata-files.ts'
import {
  documentHead,
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

const text = (content: string) => () => <p>{content}</p>

const png = (width: number, height: number, bytes: number[]): StaticMetadataFile => ({
  body: Buffer.from(bytes).toString('base64'),
  base64: true,
  hash: 'feedbeef',
  width,
  height,
})

const statics: Record<string, StaticMetadataFile> = {
  'favicon.ico': png(16, 16, [0, 0, 1, 0]),
  'icon.png': png(32, 32, [137, 80, 78, 71]),
  'blog/opengraph-image.png': png(1200, 630, [1, 2, 3]),
  'blog/opengraph-image.alt.txt': { body: 'The blog', base64: false, hash: 'x' },
  'notes/[id]/icon.png': png(8, 8, [9]),
  'notes/[id]/opengraph-image.png': png(1200, 630, [5]),
  'notes/[id]/opengraph-image1.png': png(600, 315, [6]),
  '(site)/about/icon.png': png(24, 24, [7]),
  'icon1.png': png(64, 64, [8]),
  'shop/opengraph-image.png': png(1200, 630, [4]),
}

const modules: Modules = {
  'layout.tsx': { default: RootLayout, metadata: { title: 'Site' } satisfies Metadata },
  'page.tsx': { default: text('Home') },
  'blog/page.tsx': {
    default: text('Blog'),
    metadata: { openGraph: { title: 'Blog' } } satisfies Metadata,
  },
  'notes/[id]/page.tsx': { default: text('A note') },
  '(site)/about/page.tsx': { default: text('About') },
  'shop/page.tsx': {
    default: text('Shop'),
    metadata: { openGraph: { images: '/own.png' } } satisfies Metadata,
  },
  'robots.ts': {
    default: (): MetadataRoute.Robots => ({ rules: { userAgent: '*', disallow: '/admin' } }),
  },
  'manifest.ts': { default: (): MetadataRoute.Manifest => ({ name: 'Site' }) },
  'blog/sitemap.ts': {
    default: (): MetadataRoute.Sitemap => [{ url: 'https://acme.com/blog/first' }],
  },
  'docs/sitemap.ts': {
    generateSitemaps: () => [{ id: 'a' }],
    default: async ({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> => [
      { url: `https://acme.com/docs/${await id}` },
    ],
  },
  'sitemap.ts': {
    generateSitemaps: () => [{ id: 0 }, { id: 1 }],
    default: async ({ id }: { id: Promise<string> }): Promise<MetadataRoute.Sitemap> => [
      { url: `https://acme.com/part-${await id}` },
    ],
  },
}

const handler = (dev = false) => makeHandler(html, modules, { staticMetadataFiles: statics, dev })

const head = (path: string) => documentHead(handler(), path)

describe('metadata files over HTTP', () => {
  it('answers robots.ts at /robots.txt as text', async () => {
    const response = await handler()(new Request('http://localhost/robots.txt'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/plain')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(await response.text()).toBe('User-Agent: *\nDisallow: /admin\n\n')
  })

  it("a robots.ts that reads cookies() answers private, no-store: it is this visitor's", async () => {
    const reading = makeHandler(
      html,
      {
        ...modules,
        'robots.ts': {
          default: async (): Promise<MetadataRoute.Robots> => {
            const signedIn = (await cookies()).has('session')
            return { rules: { userAgent: '*', disallow: signedIn ? '/' : '/admin' } }
          },
        },
      },
      { staticMetadataFiles: statics },
    )
    const response = await reading(
      new Request('http://localhost/robots.txt', { headers: { cookie: 'session=1' } }),
    )
    expect(response.headers.get('cache-control')).toBe('private, no-store')
    expect(await response.text()).toBe('User-Agent: *\nDisallow: /\n\n')
  })

  it('answers manifest.ts at /manifest.webmanifest', async () => {
    const response = await handler()(new Request('http://localhost/manifest.webmanifest'))
    expect(response.headers.get('content-type')).toBe('application/manifest+json')
    expect(await response.text()).toBe('{"name":"Site"}')
  })

  it('answers a static image with its bytes; HEAD without them', async () => {
    const response = await handler()(new Request('http://localhost/icon.png'))
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([137, 80, 78, 71])
    const head = await handler()(new Request('http://localhost/icon.png', { method: 'HEAD' }))
    expect(head.headers.get('content-type')).toBe('image/png')
    expect(await head.text()).toBe('')
  })

  it('decodes a static file’s bytes once per handler, not at every request', async () => {
    const decode = vi.spyOn(globalThis, 'atob')
    try {
      const once = handler()
      for (let i = 0; i < 3; i++) {
        const response = await once(new Request('http://localhost/icon.png'))
        expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([137, 80, 78, 71])
      }
      expect(decode).toHaveBeenCalledTimes(1)
    } finally {
      decode.mockRestore()
    }
  })

  it('answers a static file under the dev server with no-cache, no-store, as Next does', async () => {
    const response = await handler(true)(new Request('http://localhost/favicon.ico'))
    expect(response.headers.get('content-type')).toBe('image/x-icon')
    expect(response.headers.get('cache-control')).toBe('no-cache, no-store')
  })

  it('splits a sitemap with generateSitemaps() at /sitemap/<id>.xml, not /sitemap.xml', async () => {
    const response = await handler()(new Request('http://localhost/sitemap/1.xml'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/xml')
    expect(await response.text()).toContain('<loc>https://acme.com/part-1</loc>')
    expect((await handler()(new Request('http://localhost/sitemap/2.xml'))).status).toBe(404)
    expect((await handler()(new Request('http://localhost/sitemap.xml'))).status).toBe(404)
  })

  it('answers a nested sitemap.ts at its folder’s sitemap.xml, split ones at sitemap/<id>.xml', async () => {
    const blog = await handler()(new Request('http://localhost/blog/sitemap.xml'))
    expect(blog.headers.get('content-type')).toBe('application/xml')
    expect(await blog.text()).toContain('<loc>https://acme.com/blog/first</loc>')
    const docs = await handler()(new Request('http://localhost/docs/sitemap/a.xml'))
    expect(await docs.text()).toContain('<loc>https://acme.com/docs/a</loc>')
    expect((await handler()(new Request('http://localhost/docs/sitemap/b.xml'))).status).toBe(404)
    expect((await handler()(new Request('http://localhost/docs/sitemap.xml'))).status).toBe(404)
    expect((await handler()(new Request('http://localhost/blog/sitemap/a.xml'))).status).toBe(404)
  })

  it('serves no .alt.txt', async () => {
    const alt = await handler()(documentRequest('/blog/opengraph-image.alt.txt'))
    expect(alt.status).toBe(404)
  })

  it('serves a dynamic folder’s file at each of its URLs, a group’s with Next’s suffix', async () => {
    for (const path of ['/notes/1/icon.png', '/notes/a%20b/icon.png']) {
      const response = await handler()(new Request(`http://localhost${path}`))
      expect(response.headers.get('content-type')).toBe('image/png')
      expect([...new Uint8Array(await response.arrayBuffer())]).toEqual([9])
    }
    const grouped = await handler()(new Request('http://localhost/about/icon-1ycygp.png'))
    expect(grouped.headers.get('content-type')).toBe('image/png')
    expect((await handler()(new Request('http://localhost/about/icon.png'))).status).toBe(404)
  })
})

describe('the head tags of metadata files', () => {
  it('links the favicon, the icons and the manifest on every page', async () => {
    const tags = await head('/')
    expect(tags).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
    expect(tags).toContain(
      '<link rel="icon" href="/favicon.ico?favicon.feedbeef.ico" sizes="16x16" type="image/x-icon"/>' +
        '<link rel="icon" href="/icon.png?icon.feedbeef.png" sizes="32x32" type="image/png"/>' +
        '<link rel="icon" href="/icon1.png?icon1.feedbeef.png" sizes="64x64" type="image/png"/>',
    )
  })

  it('fills a dynamic folder’s files’ URLs with the page’s params, numbered images in order', async () => {
    for (const id of ['3', 'x y']) {
      const tags = await head(`/notes/${encodeURIComponent(id)}`)
      const at = `/notes/${encodeURIComponent(id)}`
      expect(tags).toContain(
        `<meta property="og:image" content="${at}/opengraph-image.png?opengraph-image.feedbeef.png"/>` +
          '<meta property="og:image:type" content="image/png"/>' +
          '<meta property="og:image:width" content="1200"/>' +
          '<meta property="og:image:height" content="630"/>' +
          `<meta property="og:image" content="${at}/opengraph-image1.png?opengraph-image1.feedbeef.png"/>`,
      )
      expect(tags).toContain(
        `<link rel="icon" href="${at}/icon.png?icon.feedbeef.png" sizes="8x8" type="image/png"/>`,
      )
    }
  })

  it('links a group’s icon at its suffixed URL', async () => {
    expect(await head('/about')).toContain(
      '<link rel="icon" href="/about/icon-1ycygp.png?icon.feedbeef.png" sizes="24x24" type="image/png"/>',
    )
  })

  it('gives a folder’s page its Open Graph image, with its alt text, under the page’s own fields', async () => {
    const tags = await head('/blog')
    expect(tags).toContain(
      '<meta property="og:title" content="Blog"/>' +
        '<meta property="og:image" content="/blog/opengraph-image.png?opengraph-image.feedbeef.png"/>' +
        '<meta property="og:image:type" content="image/png"/>' +
        '<meta property="og:image:width" content="1200"/>' +
        '<meta property="og:image:height" content="630"/>' +
        '<meta property="og:image:alt" content="The blog"/>',
    )
    expect(await head('/')).not.toContain('og:image')
  })

  it('leaves the images a page names itself', async () => {
    const tags = await head('/shop')
    expect(tags).toContain('<meta property="og:image" content="/own.png"/>')
    expect(tags).not.toContain('/shop/opengraph-image.png')
  })
})
