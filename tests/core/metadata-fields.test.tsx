// The Metadata API as Next.js 16 resolves it, through the request pipeline (docs/metadata.md):
// `(await parent).openGraph` spread under a metadataBase, `./` canonicals against the page's
// pathname (also for a page whose head is made once and reused), and the newer fields' tags in
// the document's <head>.
import { describe, expect, it } from 'vitest'
import type { ResolvingMetadata } from '../../src/framework/metadata/resolved-types.ts'
import type { Metadata } from '../../src/framework/metadata/types.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

const text = (content: string) => () => <p>{content}</p>

const get = async (modules: Modules, path: string) => {
  const response = await makeHandler(html, modules)(documentRequest(path))
  const body = visibleHtml(await response.text())
  return { status: response.status, head: body.slice(0, body.indexOf('</head>')) }
}

const root = {
  default: RootLayout,
  metadata: {
    metadataBase: new URL('https://example.com'),
    openGraph: { title: 'Site', images: '/og.png' },
  } satisfies Metadata,
}

describe("the parent's metadata spread into a page's", () => {
  it('is resolved again under a metadataBase: 200, with the tags', async () => {
    const { status, head } = await get(
      {
        'layout.tsx': root,
        'docs/page.tsx': {
          default: text('Docs'),
          async generateMetadata(_: unknown, parent: ResolvingMetadata): Promise<Metadata> {
            return { openGraph: { ...(await parent).openGraph, title: 'Docs' } }
          },
        },
      },
      '/docs',
    )
    expect(status).toBe(200)
    expect(head).toContain('<meta property="og:title" content="Docs"/>')
    expect(head).toContain('<meta property="og:image" content="https://example.com/og.png"/>')
  })
})

describe("a './' canonical", () => {
  const modules: Modules = {
    'layout.tsx': root,
    'notes/[id]/page.tsx': {
      default: text('A note'),
      metadata: { alternates: { canonical: './' } } satisfies Metadata,
    },
  }

  it("is the page's own URL, for each page of a route with static metadata", async () => {
    const handler = makeHandler(html, modules)
    for (const id of ['1', '2']) {
      const response = await handler(documentRequest(`/notes/${id}`))
      expect(await response.text()).toContain(
        `<link rel="canonical" href="https://example.com/notes/${id}"/>`,
      )
    }
  })
})

describe('the newer fields in the document', () => {
  it("are written in <head>, in Next.js's order", async () => {
    const { head } = await get(
      {
        'layout.tsx': { default: RootLayout },
        'page.tsx': {
          default: text('Home'),
          metadata: {
            manifest: '/manifest.webmanifest',
            alternates: { types: { 'application/rss+xml': [{ url: '/feed', title: 'Feed' }] } },
            formatDetection: { telephone: false },
            verification: { google: 'token' },
            appleWebApp: { title: 'Home' },
          } satisfies Metadata,
        },
      },
      '/',
    )
    const order = [
      '<link rel="manifest" href="/manifest.webmanifest"/>',
      '<link rel="alternate" type="application/rss+xml" title="Feed" href="/feed"/>',
      '<meta name="format-detection" content="telephone=no"/>',
      '<meta name="google-site-verification" content="token"/>',
      '<meta name="mobile-web-app-capable" content="yes"/>',
      '<meta name="apple-mobile-web-app-title" content="Home"/>',
    ].map((tag) => head.indexOf(tag))
    expect(order.every((at) => at >= 0)).toBe(true)
    expect([...order].sort((a, b) => a - b)).toEqual(order)
  })
})
