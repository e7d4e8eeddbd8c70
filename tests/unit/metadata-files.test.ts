// Next.js's metadata files: which names are served at which URL (routing/metadata-files.ts),
// their head entries (metadata/file-entries.ts), and how they meet the Metadata API's fields
// (metadata/file-metadata.ts). Pure.

import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { segmentMetadataFiles, withParams } from '../../src/framework/metadata/file-entries.ts'
import { withFileIcons } from '../../src/framework/metadata/file-metadata.ts'
import { withGeneratedImages } from '../../src/framework/metadata/generated-images.ts'
import { mergeAll } from '../../src/framework/metadata/merge.ts'
import { ImageResponse as WorkersImageResponse } from '../../src/framework/og.workers.ts'
import {
  createMetadataFileTable,
  isStaticMetadataFile,
  metadataFileOf,
  type SegmentMetadataFiles,
  type StaticMetadataFile,
} from '../../src/framework/routing/metadata-files.ts'

const image = (width: number, height: number): StaticMetadataFile => ({
  body: '',
  base64: true,
  hash: '0123abcd',
  width,
  height,
})

describe('metadata file names', () => {
  it('serves each file at its folder’s URL; below a group, with Next’s suffix of the folder’s path', () => {
    expect(metadataFileOf('favicon.ico')).toMatchObject({ kind: 'favicon', url: '/favicon.ico' })
    // djb2('/(site)/about') in base 36, 6 characters, as Next's get-metadata-route.ts makes it.
    expect(metadataFileOf('(site)/about/icon.svg')).toMatchObject({
      kind: 'icon',
      url: '/about/icon-1ycygp.svg',
    })
    expect(metadataFileOf('(post)/@feed/blog/twitter-image.png')).toMatchObject({
      url: '/blog/twitter-image-1yxcta.png',
    })
    expect(metadataFileOf('blog/opengraph-image.jpg')).toMatchObject({
      kind: 'opengraph-image',
      url: '/blog/opengraph-image.jpg',
    })
  })

  it('serves robots.ts at /robots.txt, sitemap.ts at /sitemap.xml, manifest.ts at /manifest.webmanifest', () => {
    expect(metadataFileOf('robots.ts')).toMatchObject({ url: '/robots.txt', code: true })
    expect(metadataFileOf('sitemap.ts')).toMatchObject({ url: '/sitemap.xml', code: true })
    expect(metadataFileOf('manifest.ts')).toMatchObject({ url: '/manifest.webmanifest' })
    expect(metadataFileOf('manifest.json')).toMatchObject({ url: '/manifest.json', code: false })
    expect(metadataFileOf('robots.txt')).toMatchObject({ url: '/robots.txt', code: false })
  })

  it('takes no file Next does not: another extension, a nested favicon or robots, icon10', () => {
    expect(metadataFileOf('apple-icon.svg')).toBeNull()
    expect(metadataFileOf('blog/favicon.ico')).toBeNull()
    expect(metadataFileOf('favicon1.ico')).toBeNull()
    expect(metadataFileOf('blog/robots.ts')).toBeNull()
    expect(metadataFileOf('icon10.png')).toBeNull()
    expect(metadataFileOf('_data/notes.ts')).toBeNull()
  })

  it('takes a sitemap in any folder, at its folder’s URL, with no group suffix', () => {
    expect(metadataFileOf('blog/sitemap.ts')).toMatchObject({
      kind: 'sitemap',
      url: '/blog/sitemap.xml',
    })
    expect(metadataFileOf('(shop)/shop/sitemap.xml')).toMatchObject({ url: '/shop/sitemap.xml' })
    expect(metadataFileOf('blog/manifest.ts')).toBeNull()
    expect(() => createMetadataFileTable(['sitemap.ts', '(site)/sitemap.ts'])).toThrow(
      'Two metadata files answer /sitemap.xml: sitemap.ts and (site)/sitemap.ts.',
    )
  })

  it('takes numbered files, icon0 to icon9, each at its own name', () => {
    expect(metadataFileOf('icon1.png')).toMatchObject({
      kind: 'icon',
      base: 'icon1',
      url: '/icon1.png',
    })
    expect(metadataFileOf('blog/opengraph-image2.jpg')).toMatchObject({
      kind: 'opengraph-image',
      url: '/blog/opengraph-image2.jpg',
    })
    expect(isStaticMetadataFile('blog/opengraph-image2.alt.txt')).toBe(true)
  })

  it('takes files in dynamic, catch-all and intercepting folders, at their route pattern', () => {
    expect(metadataFileOf('notes/[id]/opengraph-image.png')).toMatchObject({
      url: '/notes/[id]/opengraph-image.png',
    })
    expect(metadataFileOf('docs/[...slug]/icon.png')).toMatchObject({
      url: '/docs/[...slug]/icon.png',
    })
    expect(metadataFileOf('@modal/(.)notes/[id]/icon.png')).toMatchObject({
      url: '/(.)notes/[id]/icon-1p8ddj.png',
    })
  })

  it('reads images, static text files and alt texts as bytes; modules are loaded', () => {
    expect(isStaticMetadataFile('icon.png')).toBe(true)
    expect(isStaticMetadataFile('blog/opengraph-image.alt.txt')).toBe(true)
    expect(isStaticMetadataFile('sitemap.xml')).toBe(true)
    expect(isStaticMetadataFile('sitemap.ts')).toBe(false)
  })

  it('fails on two files that answer one URL', () => {
    expect(() => createMetadataFileTable(['robots.ts', 'robots.txt'])).toThrow(
      'Two metadata files answer /robots.txt: robots.ts and robots.txt.',
    )
  })
})

describe('a folder’s head entries', () => {
  const files = [
    'icon.svg',
    'favicon.ico',
    'icon.png',
    'apple-icon.png',
    'opengraph-image.png',
    'opengraph-image.alt.txt',
    'manifest.ts',
    'layout.tsx',
  ]
  const statics: Record<string, StaticMetadataFile> = {
    'icon.svg': image(10, 10),
    'favicon.ico': image(48, 48),
    'icon.png': image(32, 32),
    'apple-icon.png': image(180, 180),
    'opengraph-image.png': image(1200, 630),
    'opengraph-image.alt.txt': { body: 'About Acme', base64: false, hash: 'x' },
  }

  it('lists icons with their content query, sizes and type, svg as any', () => {
    const found = segmentMetadataFiles(createMetadataFileTable(files), '', statics)
    expect(found).toEqual({
      favicon: {
        url: '/favicon.ico?favicon.0123abcd.ico',
        sizes: '48x48',
        type: 'image/x-icon',
      },
      icon: [
        { url: '/icon.png?icon.0123abcd.png', sizes: '32x32', type: 'image/png' },
        { url: '/icon.svg?icon.0123abcd.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
      apple: [
        { url: '/apple-icon.png?apple-icon.0123abcd.png', sizes: '180x180', type: 'image/png' },
      ],
      openGraph: [
        {
          url: '/opengraph-image.png?opengraph-image.0123abcd.png',
          type: 'image/png',
          width: 1200,
          height: 630,
          alt: 'About Acme',
        },
      ],
      twitter: [],
      manifest: '/manifest.webmanifest',
    })
  })

  it('is nothing for a folder without files', () => {
    expect(segmentMetadataFiles(createMetadataFileTable(files), 'blog', statics)).toBeUndefined()
  })
})

const files = (part: Partial<SegmentMetadataFiles>): SegmentMetadataFiles => ({
  icon: [],
  apple: [],
  openGraph: [],
  twitter: [],
  ...part,
})
const og = { url: '/blog/opengraph-image.png?x', type: 'image/png', width: 1200, height: 630 }

describe('files and the Metadata API', () => {
  it('a folder’s Open Graph image replaces the one merged from above', () => {
    const merged = mergeAll(
      [{ openGraph: { title: 'Site', images: '/og.png' } }, {}],
      2,
      { pathname: '/' },
      [undefined, files({ openGraph: [og] })],
    )
    expect(merged.openGraph?.title).toEqual({ absolute: 'Site', template: null })
    expect(merged.openGraph?.images).toEqual([og])
  })

  it('but not the images its own folder’s metadata names', () => {
    const merged = mergeAll([{ openGraph: { images: '/own.png' } }], 1, { pathname: '/' }, [
      files({ openGraph: [og], twitter: [og] }),
    ])
    expect(merged.openGraph?.images).toEqual([{ url: '/own.png' }])
    expect(merged.twitter?.images).toEqual([og])
  })

  const icon = { url: '/icon.png?x', sizes: '32x32', type: 'image/png' }
  const favicon = { url: '/favicon.ico?x', sizes: '48x48', type: 'image/x-icon' }

  it('the deepest folder’s icons are used, after the root’s favicon', () => {
    const deeper = { ...icon, url: '/blog/icon.png?x' }
    const metadata = withFileIcons(mergeAll([{}, {}]), [
      files({ favicon, icon: [icon] }),
      files({ icon: [deeper] }),
    ])
    expect(metadata.icons?.icon).toEqual([favicon, deeper])
  })

  it('exported icons leave the icon files out, not the favicon', () => {
    const metadata = withFileIcons(mergeAll([{ icons: '/mine.png' }]), [
      files({ favicon, icon: [icon] }),
    ])
    expect(metadata.icons?.icon).toEqual([favicon, { url: '/mine.png' }])
  })
})

describe('URLs of files in folders with params', () => {
  const table = createMetadataFileTable([
    'notes/[id]/opengraph-image.png',
    'docs/[...slug]/icon.png',
    'shop/[[...path]]/icon.png',
    '(site)/about/icon.png',
    'icon.png',
  ])

  it('matches a pathname to its file and the folder’s params', () => {
    expect(table.match('/notes/3/opengraph-image.png')).toMatchObject({
      file: { file: 'notes/[id]/opengraph-image.png' },
      params: { id: '3' },
    })
    expect(table.match('/notes/a%20b/opengraph-image.png')?.params).toEqual({ id: 'a b' })
    expect(table.match('/docs/a/b/icon.png')?.params).toEqual({ slug: ['a', 'b'] })
    expect(table.match('/shop/icon.png')?.params).toEqual({})
    expect(table.match('/shop/x/icon.png')?.params).toEqual({ path: ['x'] })
    expect(table.match('/about/icon-1ycygp.png')?.file.file).toBe('(site)/about/icon.png')
    expect(table.match('/icon.png')?.file.file).toBe('icon.png')
  })

  it('matches nothing else', () => {
    expect(table.match('/notes/opengraph-image.png')).toBeNull()
    expect(table.match('/notes/3/4/opengraph-image.png')).toBeNull()
    expect(table.match('/docs/icon.png')).toBeNull()
    expect(table.match('/about/icon.png')).toBeNull()
    expect(table.match('/notes/[id]/opengraph-image.png')?.params).toEqual({ id: '[id]' })
    expect(table.match('/notes/%E0%A4%A/opengraph-image.png')).toBeNull()
  })

  it('fills the head entries’ URLs with each page’s params', () => {
    const statics = {
      'notes/[id]/opengraph-image.png': image(1200, 630),
      'docs/[...slug]/icon.png': image(16, 16),
    }
    const note = segmentMetadataFiles(table, 'notes/[id]', statics)!
    expect(withParams(note, { id: 'a/b' }).openGraph[0]?.url).toBe(
      '/notes/a%2Fb/opengraph-image.png?opengraph-image.0123abcd.png',
    )
    const docs = segmentMetadataFiles(table, 'docs/[...slug]', statics)!
    expect(withParams(docs, { slug: ['x', 'y z'] }).icon[0]?.url).toBe(
      '/docs/x/y%20z/icon.png?icon.0123abcd.png',
    )
  })

  it('matches an intercepting folder’s param after its marker', () => {
    const intercepting = createMetadataFileTable(['notes/@modal/(.)[id]/icon.png'])
    expect(intercepting.match('/notes/(.)3/icon-qk7ki4.png')?.params).toEqual({ id: '3' })
    expect(intercepting.match('/notes/3/icon-qk7ki4.png')).toBeNull()
  })

  it('lists numbered files in their names’ order', () => {
    const numbered = createMetadataFileTable([
      'icon2.png',
      'icon.svg',
      'icon1.png',
      'apple-icon.png',
    ])
    expect(numbered.imagesOf('').map(({ file }) => file)).toEqual([
      'icon.svg',
      'icon1.png',
      'icon2.png',
      'apple-icon.png',
    ])
  })

  it('a filled URL is matched back to the same params, whatever the values', () => {
    const segment = fc.string({ minLength: 1 }).filter((value) => !value.includes('/'))
    fc.assert(
      fc.property(segment, fc.array(segment, { minLength: 1, maxLength: 4 }), (id, slug) => {
        const note = withParams(
          segmentMetadataFiles(table, 'notes/[id]', {
            'notes/[id]/opengraph-image.png': image(1, 1),
          })!,
          { id },
        )
        const url = note.openGraph[0]!.url.split('?')[0]!
        expect(table.match(url)?.params).toEqual({ id })
        const docs = withParams(
          segmentMetadataFiles(table, 'docs/[...slug]', {
            'docs/[...slug]/icon.png': image(1, 1),
          })!,
          { slug },
        )
        expect(table.match(docs.icon[0]!.url.split('?')[0]!)?.params).toEqual({ slug })
      }),
    )
  })
})

describe('images made from code', () => {
  const table = createMetadataFileTable([
    'notes/[id]/opengraph-image.tsx',
    'icon.tsx',
    'icon.png',
    'blog/twitter-image1.ts',
  ])

  it('serves an image module at its name without extension; with an id below it', () => {
    expect(metadataFileOf('notes/[id]/opengraph-image.tsx')).toMatchObject({
      code: true,
      url: '/notes/[id]/opengraph-image',
    })
    expect(table.match('/notes/3/opengraph-image')).toMatchObject({ params: { id: '3' } })
    expect(table.match('/notes/3/opengraph-image/2')).toMatchObject({
      params: { id: '3' },
      id: '2',
    })
    expect(table.match('/icon/small')).toMatchObject({ file: { file: 'icon.tsx' }, id: 'small' })
    expect(table.match('/blog/twitter-image1')?.file.file).toBe('blog/twitter-image1.ts')
    expect(table.match('/icon.png/x')).toBeNull()
    expect(isStaticMetadataFile('icon.tsx')).toBe(false)
    expect(metadataFileOf('favicon.tsx')).toBeNull()
  })

  const statics = {
    'icon.tsx': { body: '', base64: false, hash: 'c0dec0de' },
    'icon.png': image(32, 32),
  }

  it('lists its entries from its exports, after the static files of its kind', async () => {
    const files = segmentMetadataFiles(table, '', statics)!
    expect(files.generated).toEqual([
      { file: 'icon.tsx', kind: 'icon', url: '/icon', query: '?c0dec0de' },
    ])
    const load = async () => ({
      generateImageMetadata: ({ params }: { params: object }) => [
        { id: 'a', size: { width: 16, height: 16 }, alt: 'A', ...params },
        { id: 2, contentType: 'image/svg+xml' },
      ],
    })
    const read = await withGeneratedImages(files, load, {})
    expect(read.icon).toEqual([
      { url: '/icon.png?icon.0123abcd.png', sizes: '32x32', type: 'image/png' },
      { alt: 'A', type: 'image/png', url: '/icon/a?c0dec0de', sizes: '16x16' },
      { type: 'image/svg+xml', url: '/icon/2?c0dec0de' },
    ])
    expect(read.generated).toBeUndefined()
  })

  it('fills an Open Graph image module’s URL with the page’s params, its size as width and height', async () => {
    const files = withParams(
      segmentMetadataFiles(table, 'notes/[id]', {
        'notes/[id]/opengraph-image.tsx': { body: '', base64: false, hash: '0dec0ded' },
      })!,
      { id: '7' },
    )
    const load = async () => ({ alt: 'Card', size: { width: 1200, height: 630 } })
    expect((await withGeneratedImages(files, load, { id: '7' })).openGraph).toEqual([
      {
        alt: 'Card',
        type: 'image/png',
        url: '/notes/7/opengraph-image?0dec0ded',
        width: 1200,
        height: 630,
      },
    ])
  })

  it('on Cloudflare Workers, ImageResponse says what to do', () => {
    expect(() => new WorkersImageResponse()).toThrow(/cannot make images on Cloudflare Workers/)
  })
})
