// Next.js's metadata files: which names are served at which URL (routing/metadata-files.ts),
// their head entries (metadata/file-entries.ts), and how they meet the Metadata API's fields
// (metadata/file-metadata.ts). Pure.
import { describe, expect, it } from 'vitest'
import { segmentMetadataFiles } from '../../src/framework/metadata/file-entries.ts'
import { withFileIcons } from '../../src/framework/metadata/file-metadata.ts'
import { mergeAll } from '../../src/framework/metadata/merge.ts'
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
  it('serves each file at its folder’s URL, groups left out', () => {
    expect(metadataFileOf('favicon.ico')).toMatchObject({ kind: 'favicon', url: '/favicon.ico' })
    expect(metadataFileOf('(site)/about/icon.svg')).toMatchObject({
      kind: 'icon',
      url: '/about/icon.svg',
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

  it('takes no file Next does not: another extension, a nested favicon or robots, a dynamic folder', () => {
    expect(metadataFileOf('apple-icon.svg')).toBeNull()
    expect(metadataFileOf('blog/favicon.ico')).toBeNull()
    expect(metadataFileOf('blog/robots.ts')).toBeNull()
    expect(metadataFileOf('notes/[id]/opengraph-image.png')).toBeNull()
    expect(metadataFileOf('_data/notes.ts')).toBeNull()
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
