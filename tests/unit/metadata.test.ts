// Merging a route's metadata as Next.js does (docs/metadata.md): metadata/merge.ts, titles.ts,
// urls.ts and viewport.ts, pure.
import { describe, expect, it } from 'vitest'
import { tagsOf } from '../../src/framework/metadata/head-elements.tsx'
import { emptyMetadata, mergeAll, mergeMetadata } from '../../src/framework/metadata/merge.ts'
import { NO_TEMPLATES, resolveTitle } from '../../src/framework/metadata/titles.ts'
import type { Metadata } from '../../src/framework/metadata/types.ts'
import { resolveUrl } from '../../src/framework/metadata/urls.ts'
import { resolveViewport } from '../../src/framework/metadata/viewport.ts'

describe('titles and templates', () => {
  it('a string title takes the template of the segments above', () => {
    expect(resolveTitle('Note 3', '%s · Notebook')).toEqual({
      absolute: 'Note 3 · Notebook',
      template: null,
    })
  })

  it('a title of another type is an error that says what a title may be', () => {
    const title = 42 as unknown as Parameters<typeof resolveTitle>[0]
    expect(() => resolveTitle(title, null)).toThrow(
      'metadata title must be a string or { default, template } or { absolute, template }; it is number (42).',
    )
  })

  it('absolute ignores the template; default takes it; a template is kept for below', () => {
    expect(resolveTitle({ absolute: 'Bench' }, '%s · Notebook')?.absolute).toBe('Bench')
    expect(resolveTitle({ default: 'Lab', template: '%s · Lab' }, '%s · Notebook')).toEqual({
      absolute: 'Lab · Notebook',
      template: '%s · Lab',
    })
  })

  it("a layout's template applies to the folders below it, not to its own folder's page", () => {
    const root: Metadata = { title: { template: '%s · Notebook', default: 'Notebook' } }
    const lab: Metadata = { title: { template: '%s · Lab', default: 'Lab' } }
    // root layout, lab layout (the page's own folder), the page: the lab template is not used.
    expect(mergeAll([root, lab, { title: 'Lab home' }], 1).title?.absolute).toBe(
      'Lab home · Notebook',
    )
    // root layout, lab layout, a page in a folder below lab: it is.
    expect(mergeAll([root, lab, { title: 'Slow' }], 2).title?.absolute).toBe('Slow · Lab')
    // a page with no title of its own shows the nearest default.
    expect(mergeAll([root, lab, {}], 2).title?.absolute).toBe('Lab · Notebook')
    // the root page, in the root layout's folder: no template.
    expect(mergeAll([root, { title: 'Home' }], 0).title?.absolute).toBe('Home')
  })

  it('a plain string title in a layout ends the template for the folders below', () => {
    const merged = mergeAll(
      [{ title: { template: '%s · A', default: 'A' } }, { title: 'B' }, { title: 'C' }],
      2,
    )
    expect(merged.title?.absolute).toBe('C')
  })
})

describe('merging child over parent', () => {
  const parent = mergeAll([
    {
      description: 'Parent description',
      keywords: 'a, b',
      openGraph: { title: 'Parent OG', description: 'Parent OG description', siteName: 'Site' },
      twitter: { card: 'summary_large_image', site: '@site' },
    },
  ])

  it('keeps the keys the child leaves out, and replaces the ones it gives', () => {
    const merged = mergeMetadata(parent, { description: 'Child' }, NO_TEMPLATES)
    expect(merged.description).toBe('Child')
    expect(merged.keywords).toEqual(['a', 'b'])
    expect(merged.openGraph?.siteName).toBe('Site')
  })

  it('replaces openGraph and twitter wholesale, never field by field', () => {
    const merged = mergeMetadata(parent, { openGraph: { title: 'Child OG' } }, NO_TEMPLATES)
    expect(merged.openGraph?.title?.absolute).toBe('Child OG')
    expect(merged.openGraph?.description).toBeNull()
    expect(merged.openGraph?.siteName).toBeNull()
    expect(merged.twitter?.site).toBe('@site')
    const twitter = mergeMetadata(parent, { twitter: { creator: '@me' } }, NO_TEMPLATES).twitter
    expect(twitter).toMatchObject({ creator: '@me', site: null, card: 'summary' })
  })

  it('null removes what the parent set', () => {
    const merged = mergeMetadata(parent, { description: null, openGraph: null }, NO_TEMPLATES)
    expect(merged.description).toBeNull()
    expect(merged.openGraph).toBeNull()
  })
})

describe('Twitter from Open Graph', () => {
  it("fills Twitter's title, description and images in from Open Graph's, as Next.js does", () => {
    const og = { title: 'OG', description: 'OG text', images: 'https://example.com/i.png' }
    const alone = tagsOf({ metadata: mergeAll([{ openGraph: og }]), viewport: resolveViewport([]) })
    expect(alone).toContainEqual(['meta', { name: 'twitter:card', content: 'summary_large_image' }])
    expect(alone).toContainEqual(['meta', { name: 'twitter:title', content: 'OG' }])
    expect(alone).toContainEqual(['meta', { name: 'twitter:description', content: 'OG text' }])
    const own = tagsOf({
      metadata: mergeAll([{ openGraph: og, twitter: { title: 'TW', site: '@s' } }]),
      viewport: resolveViewport([]),
    })
    expect(own).toContainEqual(['meta', { name: 'twitter:title', content: 'TW' }])
    expect(own).toContainEqual(['meta', { name: 'twitter:description', content: 'OG text' }])
    expect(own).toContainEqual([
      'meta',
      { name: 'twitter:image', content: 'https://example.com/i.png' },
    ])
    const none = tagsOf({ metadata: mergeAll([{ title: 'T' }]), viewport: resolveViewport([]) })
    expect(
      none.some(([, value]) => typeof value === 'object' && value.name?.startsWith('twitter:')),
    ).toBe(false)
  })
})

describe('URLs against metadataBase', () => {
  it('joins relative URLs to the base path, and keeps absolute ones', () => {
    const base = new URL('https://example.com/base/')
    expect(resolveUrl('notes/3', base)).toBe('https://example.com/base/notes/3')
    expect(resolveUrl('/notes/3', base)).toBe('https://example.com/base/notes/3')
    expect(resolveUrl('/notes/3', new URL('https://example.com'))).toBe(
      'https://example.com/notes/3',
    )
    expect(resolveUrl('https://other.example/x', base)).toBe('https://other.example/x')
    expect(resolveUrl('/notes/3', null)).toBe('/notes/3')
  })

  it('resolves canonical, Open Graph images and icons with the base in effect for the segment', () => {
    const merged = mergeAll([
      { metadataBase: new URL('https://example.com') },
      {
        alternates: { canonical: '/notes/3', languages: { de: '/de/notes/3' } },
        openGraph: { images: ['/og.png', { url: '/wide.png', width: 1200, alt: 'Wide' }] },
        icons: { icon: '/icon.png', apple: '/apple.png' },
      },
    ])
    // As Next.js resolves them: each alternate a list of `{ url, title? }`.
    expect(merged.alternates).toMatchObject({
      canonical: { url: 'https://example.com/notes/3' },
      languages: { de: [{ url: 'https://example.com/de/notes/3' }] },
    })
    expect(merged.openGraph?.images).toEqual([
      { url: 'https://example.com/og.png' },
      { url: 'https://example.com/wide.png', width: 1200, alt: 'Wide' },
    ])
    expect(merged.icons?.apple).toEqual([{ url: 'https://example.com/apple.png' }])
  })
})

describe('robots and viewport', () => {
  it('writes robots as Next.js does', () => {
    const merged = mergeAll([
      { robots: { index: false, follow: true, googleBot: { index: true, 'max-snippet': -1 } } },
    ])
    expect(merged.robots).toEqual({ basic: 'noindex, follow', googleBot: 'index, max-snippet:-1' })
  })

  it('merges viewports over the default, key by key', () => {
    expect(resolveViewport([])).toEqual({
      viewport: 'width=device-width, initial-scale=1',
      themeColor: null,
      colorScheme: null,
    })
    const resolved = resolveViewport([
      { maximumScale: 1, userScalable: false, themeColor: '#fff' },
      {
        themeColor: [{ color: '#000', media: '(prefers-color-scheme: dark)' }],
        colorScheme: 'dark',
      },
    ])
    expect(resolved).toEqual({
      viewport: 'width=device-width, initial-scale=1, maximum-scale=1, user-scalable=no',
      themeColor: [{ color: '#000', media: '(prefers-color-scheme: dark)' }],
      colorScheme: 'dark',
    })
  })
})

describe('tags', () => {
  it('always writes one charset and one viewport tag, first', () => {
    const tags = tagsOf({ metadata: emptyMetadata(), viewport: resolveViewport([]) })
    expect(tags).toEqual([
      ['meta', { charSet: 'utf-8' }],
      ['meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }],
    ])
  })

  it('writes the title, description, canonical, Open Graph and Twitter tags', () => {
    const metadata = mergeAll([
      {
        title: 'Note',
        description: 'About it',
        alternates: { canonical: 'https://example.com/n' },
        openGraph: { title: 'OG', images: 'https://example.com/i.png' },
        twitter: { title: 'TW' },
      },
    ])
    const tags = tagsOf({ metadata, viewport: resolveViewport([]) })
    expect(tags).toContainEqual(['title', 'Note'])
    expect(tags).toContainEqual(['meta', { name: 'description', content: 'About it' }])
    expect(tags).toContainEqual(['link', { rel: 'canonical', href: 'https://example.com/n' }])
    expect(tags).toContainEqual(['meta', { property: 'og:title', content: 'OG' }])
    expect(tags).toContainEqual([
      'meta',
      { property: 'og:image', content: 'https://example.com/i.png' },
    ])
    expect(tags).toContainEqual(['meta', { name: 'twitter:card', content: 'summary' }])
    expect(tags).toContainEqual(['meta', { name: 'twitter:title', content: 'TW' }])
  })
})
