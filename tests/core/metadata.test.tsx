// The Metadata API in the request pipeline (docs/metadata.md): handlers made from route modules
// written here, real React on both sides. What the document's <head> holds, and how interrupts
// and errors thrown in a layout's or page's generateMetadata are answered (as the page's own).
import { describe, expect, it } from 'vitest'
import type { Metadata } from '../../src/framework/metadata/types.ts'
import { notFound } from '../../src/framework/wire/interrupts.ts'
import {
  documentRequest,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  visibleHtml,
} from './support/app.tsx'
import { SectionErrorScreen } from './support/client-screens.tsx'

const html = startHtmlRendererForFile()

const text = (content: string) => () => <p>{content}</p>
const Pass = ({ children }: { children: React.ReactNode }) => children

const get = async (modules: Modules, path: string) => {
  const response = await makeHandler(html, modules)(documentRequest(path))
  const body = visibleHtml(await response.text())
  return { status: response.status, head: body.slice(0, body.indexOf('</head>')), body }
}

const root = {
  default: RootLayout,
  metadata: {
    title: { template: '%s · Site', default: 'Site' },
    description: 'About the site',
  } satisfies Metadata,
}

describe('generateMetadata', () => {
  it("gets the merged metadata above it as `parent`, and the page's params", async () => {
    const { status, head } = await get(
      {
        'layout.tsx': root,
        'docs/[slug]/page.tsx': {
          default: text('A doc'),
          async generateMetadata(
            { params }: { params: Promise<{ slug: string }> },
            parent: Promise<{ description: string | null }>,
          ): Promise<Metadata> {
            const { slug } = await params
            return { title: slug, description: `${(await parent).description}, and ${slug}` }
          },
        },
      },
      '/docs/intro',
    )
    expect(status).toBe(200)
    expect(head).toContain('<title>intro · Site</title>')
    expect(head).toContain('<meta name="description" content="About the site, and intro"/>')
  })

  it("a layout's notFound() is the page's: its own folder's not-found screen, 404", async () => {
    const { status, body } = await get(
      {
        'layout.tsx': root,
        'not-found.tsx': { default: text('Root not-found') },
        'notes/layout.tsx': {
          default: Pass,
          generateMetadata: async () => notFound(),
        },
        'notes/not-found.tsx': { default: text('Notes not-found') },
        'notes/page.tsx': { default: text('Notes page') },
      },
      '/notes',
    )
    expect(status).toBe(404)
    expect(body).toContain('Notes not-found')
    expect(body).not.toContain('Notes page')
  })

  it("an error in a layout's generateViewport is the page's: the page folder's error.tsx, 500", async () => {
    const { status, body } = await get(
      {
        'layout.tsx': root,
        'notes/layout.tsx': {
          default: Pass,
          generateViewport: () => {
            throw new Error('viewport failed')
          },
        },
        'notes/error.tsx': { default: SectionErrorScreen },
        'notes/page.tsx': { default: text('Notes page') },
      },
      '/notes',
    )
    expect(status).toBe(500)
    expect(body).toContain('The section error.tsx shows:')
    expect(body).not.toContain('viewport failed')
  })

  it('viewports merge key by key over the default, into one viewport tag', async () => {
    const { head } = await get(
      {
        'layout.tsx': { default: RootLayout, viewport: { themeColor: '#111', maximumScale: 1 } },
        'page.tsx': {
          default: text('Home'),
          generateViewport: async () => ({ themeColor: '#222', colorScheme: 'dark' }),
        },
      },
      '/',
    )
    expect(head).toContain(
      '<meta name="viewport" content="width=device-width, initial-scale=1, maximum-scale=1"/>',
    )
    expect(head).toContain('<meta name="theme-color" content="#222"/>')
    expect(head).not.toContain('#111')
    expect(head).toContain('<meta name="color-scheme" content="dark"/>')
  })
})

describe('fallback screens', () => {
  it("keep the layouts' tags but not their title; a screen's metadata export titles it", async () => {
    const { status, head } = await get(
      {
        'layout.tsx': { ...root, metadata: { ...root.metadata, robots: 'index, follow' } },
        'not-found.tsx': { default: text('Missing'), metadata: { title: 'Missing' } },
        'page.tsx': { default: text('Home') },
      },
      '/nowhere',
    )
    expect(status).toBe(404)
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual(['<title>Missing · Site</title>'])
    expect(head).toContain('<meta name="description" content="About the site"/>')
    expect(head.match(/<meta name="robots"[^>]*>/g)).toEqual([
      '<meta name="robots" content="noindex"/>',
    ])
  })

  it("without one, the screen's own <title> is the only title", async () => {
    const { head } = await get(
      {
        'layout.tsx': root,
        'page.tsx': { default: text('Home') },
      },
      '/nowhere',
    )
    expect(head.match(/<title>[^<]*<\/title>/g)).toEqual([
      '<title>404: This page could not be found.</title>',
    ])
  })
})

describe('notFound() in generateMetadata below a loading.tsx', () => {
  it('keeps the default tags in the shell, as the page throwing it would', async () => {
    const { status, head } = await get(
      {
        'layout.tsx': { default: RootLayout },
        'notes/loading.tsx': { default: text('Loading…') },
        'notes/[id]/page.tsx': {
          default: text('A note'),
          async generateMetadata(): Promise<Metadata> {
            notFound()
          },
        },
      },
      '/notes/404',
    )
    // After the loading screen's shell, as a page's own notFound() there (docs/errors.md).
    expect(status).toBe(200)
    expect(head).toContain('<meta charSet="utf-8"/>')
    expect(head).toContain('<meta name="viewport" content="width=device-width, initial-scale=1"/>')
  })
})

describe('a title template', () => {
  it('puts the title in every %s, `$` patterns and all, as written', async () => {
    const handler = makeHandler(html, {
      'layout.tsx': {
        default: RootLayout,
        metadata: { title: { template: '%s · Site (%s)', default: 'Site' } },
      },
      // Below the layout's folder: a template applies to the folders under it (as in Next.js).
      'notes/page.tsx': {
        default: () => <p>Notes</p>,
        metadata: { title: "A$'B$&C$$D" },
      },
    })
    const response = await handler(documentRequest('/notes'))
    const document = await response.text()
    expect(document.match(/<title>/g)).toHaveLength(1)
    expect(document).toContain('<title>A$&#x27;B$&amp;C$$D · Site (A$&#x27;B$&amp;C$$D)</title>')
  })
})
