// Metadata routes made at build time (docs/metadata.md, "Made at build time"): which URLs the
// build asks for, what it keeps (not what read the request), and a handler serving what the build
// made without running the module again.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bodyFileName } from '../../src/framework/build/prerender.ts'
import { prerenderMetadataFiles } from '../../src/framework/build/prerender-metadata-files.ts'
import { cookies, type MetadataRoute } from '../../src/framework/index.ts'
import { createPrerenderer } from '../../src/framework/server/core.ts'
import {
  PRERENDER_MANIFEST,
  PrerenderedPages,
  type PrerenderManifest,
} from '../../src/framework/static/prerendered.ts'
import {
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
  testDependencies,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

let robotsRuns = 0
const png = (text: string) => new Response(text, { headers: { 'content-type': 'image/png' } })

const modules: Modules = {
  'layout.tsx': { default: RootLayout },
  'page.tsx': { default: () => <p>Home</p> },
  'robots.ts': {
    default: (): MetadataRoute.Robots => {
      robotsRuns++
      return { rules: { userAgent: '*', disallow: `/run-${robotsRuns}` } }
    },
  },
  'manifest.ts': {
    default: async (): Promise<MetadataRoute.Manifest> => ({
      name: (await cookies()).get('name')?.value ?? 'Site',
    }),
  },
  'sitemap.ts': {
    generateSitemaps: () => [{ id: 0 }, { id: 'b c' }],
    default: async ({ id }: { id: Promise<string> }) => [{ url: `https://a.test/${await id}` }],
  },
  'blog/opengraph-image.tsx': {
    generateImageMetadata: () => [{ id: 'wide' }, { id: 2 }],
    default: async ({ id }: { id: Promise<string> }) => png(`og ${await id}`),
  },
  'notes/[id]/icon.tsx': { default: () => png('icon') },
  'blog/sitemap.ts': {
    generateSitemaps: () => [{ id: 1 }],
    default: async ({ id }: { id: Promise<string> }) => [
      { url: `https://a.test/blog/${await id}` },
    ],
  },
  'live/twitter-image.tsx': { dynamic: 'force-dynamic', default: () => png('live') },
  'news/icon.tsx': { revalidate: 60, default: () => png('news') },
}

/** What the build keeps of the modules above: all it asks for but manifest.ts, which reads cookies(). */
const KEPT = [
  '/robots.txt',
  '/sitemap/0.xml',
  '/sitemap/b%20c.xml',
  '/blog/opengraph-image/wide',
  '/blog/opengraph-image/2',
  '/blog/sitemap/1.xml',
]

describe('what the build makes', () => {
  const prerenderer = createPrerenderer(testDependencies(html, modules))

  it('asks for the modules’ URLs that need no params, each id, not those asked per request', async () => {
    expect((await prerenderer.metadataTargets()).sort()).toEqual(
      [...KEPT, '/manifest.webmanifest'].sort(),
    )
  })

  it('keeps each answer with its headers, and leaves one that read the request', async () => {
    const made = await prerenderMetadataFiles(prerenderer, (path) => bodyFileName(path, 'meta'))
    expect(Object.keys(made.files).sort()).toEqual([...KEPT].sort())
    expect(made.files['/robots.txt']).toMatchObject({
      status: 200,
      headers: {
        'content-type': 'text/plain',
        'cache-control': 'public, max-age=0, must-revalidate',
      },
    })
    const bytes = new Map(made.bytes)
    const text = (path: string) => new TextDecoder().decode(bytes.get(made.files[path]!.file))
    expect(text('/sitemap/b%20c.xml')).toContain('<loc>https://a.test/b c</loc>')
    expect(text('/blog/opengraph-image/2')).toBe('og 2')
    expect(made.lines).toContain('/manifest.webmanifest  per request (read the request)')
  })
})

describe('a handler serving what the build made', () => {
  const dir = mkdtempSync(join(tmpdir(), 'metadata-build-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('answers from the build’s file, without running the module', async () => {
    const robots = 'User-Agent: *\nDisallow: /built\n\n'
    writeFileSync(join(dir, 'robots.meta'), robots)
    const manifest: PrerenderManifest = {
      version: 1,
      buildId: 'core-test',
      routes: [],
      pages: {},
      files: {
        '/robots.txt': {
          file: 'robots.meta',
          size: robots.length,
          status: 200,
          headers: { 'content-type': 'text/plain', 'cache-control': 'public, max-age=0' },
        },
      },
    }
    writeFileSync(join(dir, PRERENDER_MANIFEST), JSON.stringify(manifest))
    const handler = makeHandler(html, modules, {
      prerendered: new PrerenderedPages(dir, 'core-test'),
    })
    const runs = robotsRuns
    for (let i = 0; i < 2; i++) {
      const response = await handler(new Request('http://localhost/robots.txt'))
      expect(response.headers.get('content-type')).toBe('text/plain')
      expect(response.headers.get('cache-control')).toBe('public, max-age=0')
      expect(await response.text()).toBe(robots)
    }
    const head = await handler(new Request('http://localhost/robots.txt', { method: 'HEAD' }))
    expect(await head.text()).toBe('')
    expect(robotsRuns).toBe(runs)
    // What the build did not make still runs at each request.
    const manifestAnswer = await handler(
      new Request('http://localhost/manifest.webmanifest', { headers: { cookie: 'name=Ada' } }),
    )
    expect(await manifestAnswer.text()).toBe('{"name":"Ada"}')
  })
})
