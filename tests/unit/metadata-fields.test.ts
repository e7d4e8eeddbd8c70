// The Metadata API as Next.js 16 resolves and writes it (docs/metadata.md): `parent` spread back
// into a child, `./` alternates against the page's pathname, URLs as written, the viewport and
// robots as Next writes them, and the fields of metadata/resolve-fields.ts and resolve-social.ts
// with their tags in Next's order (metadata/field-tags.ts, social-tags.ts).
import { describe, expect, it } from 'vitest'
import { tagsOf } from '../../src/framework/metadata/head-elements.tsx'
import { mergeAll, mergeMetadata } from '../../src/framework/metadata/merge.ts'
import type { ResolvedMetadata } from '../../src/framework/metadata/resolved-types.ts'
import { NO_TEMPLATES } from '../../src/framework/metadata/titles.ts'
import type { Metadata } from '../../src/framework/metadata/types.ts'
import { resolveViewport } from '../../src/framework/metadata/viewport.ts'

const BASE = { metadataBase: new URL('https://example.com') } satisfies Metadata

/** The tags after the charset and viewport, for metadata merged root first at `pathname`. */
function tagsFor(items: Metadata[], pathname = '/') {
  return tagsOf({
    metadata: mergeAll(items, items.length, { pathname }),
    viewport: resolveViewport([]),
  }).slice(2)
}

const meta = (attributes: Record<string, string>) => ['meta', attributes]
const link = (attributes: Record<string, string>) => ['link', attributes]

describe("the parent's resolved metadata, spread into a child's", () => {
  it('resolves again: Open Graph, Twitter and alternates under a metadataBase', () => {
    const parent: ResolvedMetadata = mergeAll([
      BASE,
      {
        openGraph: { title: 'Site', url: '/', images: [{ url: '/og.png', width: 800 }] },
        twitter: { site: '@site' },
        alternates: { canonical: '/', languages: { de: '/de' } },
      },
    ])
    const child: Metadata = {
      openGraph: { ...parent.openGraph, title: 'Child' },
      twitter: { ...parent.twitter, creator: '@me' },
      alternates: { ...parent.alternates, canonical: './' },
    }
    const merged = mergeMetadata(parent, child, NO_TEMPLATES, { pathname: '/docs/a' })
    expect(merged.openGraph).toMatchObject({
      title: { absolute: 'Child' },
      url: 'https://example.com',
      images: [{ url: 'https://example.com/og.png', width: 800 }],
    })
    expect(merged.twitter).toMatchObject({ site: '@site', creator: '@me' })
    expect(merged.alternates).toMatchObject({
      canonical: { url: 'https://example.com/docs/a' },
      languages: { de: [{ url: 'https://example.com/de' }] },
    })
  })

  it("takes the parent's images as Next.js's docs show (`[...previous, new]`)", () => {
    const parent = mergeAll([BASE, { openGraph: { images: '/a.png' } }])
    const previous = parent.openGraph?.images ?? []
    const merged = mergeMetadata(
      parent,
      { openGraph: { images: ['/b.png', ...previous] } },
      NO_TEMPLATES,
    )
    expect(merged.openGraph?.images.map(({ url }) => url)).toEqual([
      'https://example.com/b.png',
      'https://example.com/a.png',
    ])
  })
})

describe('URLs', () => {
  it('resolves ./ in canonical and alternates against metadataBase and the pathname', () => {
    expect(tagsFor([BASE, { alternates: { canonical: './' } }], '/alt/child')).toEqual([
      link({ rel: 'canonical', href: 'https://example.com/alt/child' }),
    ])
    const under = { metadataBase: new URL('https://example.com/base/') }
    expect(
      tagsFor([under, { alternates: { canonical: './', languages: { de: './de' } } }], '/a/b'),
    ).toEqual([
      link({ rel: 'canonical', href: 'https://example.com/base/a/b' }),
      link({ rel: 'alternate', hrefLang: 'de', href: 'https://example.com/base/a/b/de' }),
    ])
  })

  it('writes absolute URLs as given, with no slash added', () => {
    const tags = tagsFor([
      BASE,
      {
        authors: { name: 'Ann', url: 'https://ann.example' },
        alternates: { canonical: 'https://example.com' },
        openGraph: { url: 'https://example.com', images: 'https://cdn.example' },
        icons: 'https://cdn.example',
      },
    ])
    expect(tags).toContainEqual(link({ rel: 'author', href: 'https://ann.example' }))
    expect(tags).toContainEqual(link({ rel: 'canonical', href: 'https://example.com' }))
    expect(tags).toContainEqual(meta({ property: 'og:url', content: 'https://example.com' }))
    expect(tags).toContainEqual(meta({ property: 'og:image', content: 'https://cdn.example' }))
    expect(tags).toContainEqual(link({ rel: 'icon', href: 'https://cdn.example' }))
  })

  it("writes a canonical at the site's root as its origin, as Next.js does", () => {
    expect(tagsFor([BASE, { alternates: { canonical: '/' } }])).toEqual([
      link({ rel: 'canonical', href: 'https://example.com' }),
    ])
  })
})

describe('viewport and robots', () => {
  it('initialScale: undefined removes the default initial-scale', () => {
    expect(resolveViewport([{ initialScale: undefined }]).viewport).toBe('width=device-width')
    expect(resolveViewport([{ width: 500 }, { initialScale: 2 }]).viewport).toBe(
      'width=500, initial-scale=2',
    )
  })

  it("writes the directives in Next.js's order, googleBot's too", () => {
    const directives = {
      index: true,
      follow: false,
      noimageindex: true,
      'max-snippet': -1,
      'max-image-preview': 'large',
      'max-video-preview': -1,
      indexifembedded: true,
    } as const
    const expected =
      'index, nofollow, noimageindex, indexifembedded, max-video-preview:-1, max-image-preview:large, max-snippet:-1'
    expect(mergeAll([{ robots: { ...directives, googleBot: directives } }]).robots).toEqual({
      basic: expected,
      googleBot: expected,
    })
  })
})

describe("the basic tags, in Next.js's order", () => {
  it('writes manifest after the authors, and pagination, archives and abstract before category', () => {
    const tags = tagsFor(
      [
        BASE,
        {
          title: 'T',
          authors: { name: 'Ann' },
          manifest: '/manifest.webmanifest',
          generator: 'g',
          robots: 'noindex',
          abstract: 'short',
          archives: '/archive',
          pagination: { previous: './?page=1', next: '/list?page=3' },
          category: 'c',
        },
      ],
      '/list',
    )
    expect(tags).toEqual([
      ['title', 'T'],
      meta({ name: 'author', content: 'Ann' }),
      link({ rel: 'manifest', href: '/manifest.webmanifest' }),
      meta({ name: 'generator', content: 'g' }),
      meta({ name: 'robots', content: 'noindex' }),
      meta({ name: 'abstract', content: 'short' }),
      link({ rel: 'archives', href: '/archive' }),
      link({ rel: 'prev', href: 'https://example.com/list?page=1' }),
      link({ rel: 'next', href: 'https://example.com/list?page=3' }),
      meta({ name: 'category', content: 'c' }),
    ])
  })
})

describe('alternates given as lists', () => {
  it('writes each { title, url }, titles after the rel and key', () => {
    const tags = tagsFor([
      BASE,
      {
        alternates: {
          canonical: { url: '/c', title: 'Canonical' },
          languages: { 'en-US': [{ url: '/en', title: 'English' }], de: '/de' },
          media: { 'only screen and (max-width: 600px)': [{ url: '/m', title: 'Mobile' }] },
          types: {
            'application/rss+xml': [
              { url: '/feed.xml', title: 'Feed' },
              { url: '/comments.xml', title: 'Comments' },
            ],
          },
        },
      },
    ])
    expect(tags).toEqual([
      link({ rel: 'canonical', title: 'Canonical', href: 'https://example.com/c' }),
      link({
        rel: 'alternate',
        hrefLang: 'en-US',
        title: 'English',
        href: 'https://example.com/en',
      }),
      link({ rel: 'alternate', hrefLang: 'de', href: 'https://example.com/de' }),
      link({
        rel: 'alternate',
        media: 'only screen and (max-width: 600px)',
        title: 'Mobile',
        href: 'https://example.com/m',
      }),
      link({
        rel: 'alternate',
        type: 'application/rss+xml',
        title: 'Feed',
        href: 'https://example.com/feed.xml',
      }),
      link({
        rel: 'alternate',
        type: 'application/rss+xml',
        title: 'Comments',
        href: 'https://example.com/comments.xml',
      }),
    ])
  })
})

describe('the platform fields', () => {
  it('writes itunes, facebook, pinterest, format detection, verification, Apple web app', () => {
    const tags = tagsFor(
      [
        BASE,
        {
          itunes: { appId: 'myAppStoreID', appArgument: './open' },
          facebook: { admins: ['12', '34'] },
          pinterest: { richPin: true },
          formatDetection: { email: false, address: false, telephone: false },
          verification: {
            google: 'g',
            yahoo: 'y',
            yandex: ['y1', 'y2'],
            me: 'me@example.com',
            other: { 'msvalidate.01': 'ms' },
          },
          appleWebApp: {
            title: 'Notes',
            statusBarStyle: 'black-translucent',
            startupImage: ['/start.png', { url: '/start-2x.png', media: '(dpr: 2)' }],
          },
        },
      ],
      '/app',
    )
    expect(tags).toEqual([
      meta({
        name: 'apple-itunes-app',
        content: 'app-id=myAppStoreID, app-argument=https://example.com/app/open',
      }),
      meta({ property: 'fb:admins', content: '12' }),
      meta({ property: 'fb:admins', content: '34' }),
      meta({ property: 'pinterest-rich-pin', content: 'true' }),
      meta({ name: 'format-detection', content: 'telephone=no, address=no, email=no' }),
      meta({ name: 'google-site-verification', content: 'g' }),
      meta({ name: 'y_key', content: 'y' }),
      meta({ name: 'yandex-verification', content: 'y1' }),
      meta({ name: 'yandex-verification', content: 'y2' }),
      meta({ name: 'me', content: 'me@example.com' }),
      meta({ name: 'msvalidate.01', content: 'ms' }),
      meta({ name: 'mobile-web-app-capable', content: 'yes' }),
      meta({ name: 'apple-mobile-web-app-title', content: 'Notes' }),
      link({ href: '/start.png', rel: 'apple-touch-startup-image' }),
      link({ href: '/start-2x.png', media: '(dpr: 2)', rel: 'apple-touch-startup-image' }),
      meta({ name: 'apple-mobile-web-app-status-bar-style', content: 'black-translucent' }),
    ])
  })

  it('appleWebApp: true is capable with the default status bar; facebook.appId is fb:app_id', () => {
    expect(tagsFor([{ appleWebApp: true, facebook: { appId: '99' } }])).toEqual([
      meta({ property: 'fb:app_id', content: '99' }),
      meta({ name: 'mobile-web-app-capable', content: 'yes' }),
      meta({ name: 'apple-mobile-web-app-status-bar-style', content: 'default' }),
    ])
  })

  it('writes app links platform by platform, after Twitter and before the icons', () => {
    const tags = tagsFor([
      {
        appLinks: {
          web: { url: 'https://example.com/web', should_fallback: true },
          ios: { url: 'https://example.com/ios', app_store_id: 'app_store_id' },
          android: { package: 'com.example.android/package', app_name: 'app_name_android' },
        },
        twitter: { card: 'summary' },
        icons: '/icon.png',
      },
    ])
    expect(tags).toEqual([
      meta({ name: 'twitter:card', content: 'summary' }),
      meta({ property: 'al:ios:url', content: 'https://example.com/ios' }),
      meta({ property: 'al:ios:app_store_id', content: 'app_store_id' }),
      meta({ property: 'al:android:package', content: 'com.example.android/package' }),
      meta({ property: 'al:android:app_name', content: 'app_name_android' }),
      meta({ property: 'al:web:url', content: 'https://example.com/web' }),
      meta({ property: 'al:web:should_fallback', content: 'true' }),
      link({ rel: 'icon', href: '/icon.png' }),
    ])
  })
})

describe('Open Graph and Twitter', () => {
  it('writes images, videos, audio, emails and numbers, each key in the order given', () => {
    const tags = tagsFor([
      BASE,
      {
        openGraph: {
          title: 'T',
          images: [{ url: '/og.png', width: 800, height: 600, alt: 'Alt' }],
          videos: [{ url: 'https://v.example/v.mp4', secureUrl: 'https://v.example/s.mp4' }],
          audio: 'https://a.example/a.mp3',
          emails: 'info@example.com',
          phoneNumbers: ['+1 555'],
          faxNumbers: '+1 556',
          type: 'website',
        },
      },
    ])
    expect(tags.filter(([type]) => type === 'meta').slice(0, 13)).toEqual([
      meta({ property: 'og:title', content: 'T' }),
      meta({ property: 'og:image', content: 'https://example.com/og.png' }),
      meta({ property: 'og:image:width', content: '800' }),
      meta({ property: 'og:image:height', content: '600' }),
      meta({ property: 'og:image:alt', content: 'Alt' }),
      meta({ property: 'og:video', content: 'https://v.example/v.mp4' }),
      meta({ property: 'og:video:secure_url', content: 'https://v.example/s.mp4' }),
      meta({ property: 'og:audio', content: 'https://a.example/a.mp3' }),
      meta({ property: 'og:email', content: 'info@example.com' }),
      meta({ property: 'og:phone_number', content: '+1 555' }),
      meta({ property: 'og:fax_number', content: '+1 556' }),
      meta({ property: 'og:type', content: 'website' }),
      meta({ name: 'twitter:card', content: 'summary_large_image' }),
    ])
  })

  it("writes a Twitter image's secureUrl, width and height", () => {
    const tags = tagsFor([
      BASE,
      {
        twitter: {
          images: { url: '/t.png', secureUrl: '/s.png', width: 1200, height: 630, alt: 'A' },
        },
      },
    ])
    expect(tags).toEqual([
      meta({ name: 'twitter:card', content: 'summary_large_image' }),
      meta({ name: 'twitter:image', content: 'https://example.com/t.png' }),
      meta({ name: 'twitter:image:secure_url', content: 'https://example.com/s.png' }),
      meta({ name: 'twitter:image:width', content: '1200' }),
      meta({ name: 'twitter:image:height', content: '630' }),
      meta({ name: 'twitter:image:alt', content: 'A' }),
    ])
  })

  it('writes the player card and the app card', () => {
    const player = tagsFor([
      {
        twitter: {
          card: 'player',
          players: {
            playerUrl: 'https://p.example/p',
            streamUrl: 'https://p.example/s',
            width: 480,
            height: 360,
          },
        },
      },
    ])
    expect(player).toEqual([
      meta({ name: 'twitter:card', content: 'player' }),
      meta({ name: 'twitter:player', content: 'https://p.example/p' }),
      meta({ name: 'twitter:player:stream', content: 'https://p.example/s' }),
      meta({ name: 'twitter:player:width', content: '480' }),
      meta({ name: 'twitter:player:height', content: '360' }),
    ])
    const app = tagsFor([
      {
        twitter: {
          card: 'app',
          app: {
            name: 'Notes',
            id: { iphone: 'id1', googleplay: 'com.notes' },
            url: { iphone: 'notes://open' },
          },
        },
      },
    ])
    expect(app).toEqual([
      meta({ name: 'twitter:card', content: 'app' }),
      meta({ name: 'twitter:app:name:iphone', content: 'Notes' }),
      meta({ name: 'twitter:app:id:iphone', content: 'id1' }),
      meta({ name: 'twitter:app:url:iphone', content: 'notes://open' }),
      meta({ name: 'twitter:app:name:ipad', content: 'Notes' }),
      meta({ name: 'twitter:app:name:googleplay', content: 'Notes' }),
      meta({ name: 'twitter:app:id:googleplay', content: 'com.notes' }),
    ])
  })

  it("writes the other Open Graph types' own tags after og:type", () => {
    const typed = (openGraph: NonNullable<Metadata['openGraph']>) =>
      tagsFor([{ openGraph }]).filter(([, value]) => typeof value === 'object' && value.property)
    expect(typed({ type: 'book', isbn: '978', authors: ['https://a.example'], tags: 'x' })).toEqual(
      [
        meta({ property: 'og:type', content: 'book' }),
        meta({ property: 'book:isbn', content: '978' }),
        meta({ property: 'book:author', content: 'https://a.example' }),
        meta({ property: 'book:tag', content: 'x' }),
      ],
    )
    expect(typed({ type: 'profile', firstName: 'Ann', username: 'ann' })).toEqual([
      meta({ property: 'og:type', content: 'profile' }),
      meta({ property: 'profile:first_name', content: 'Ann' }),
      meta({ property: 'profile:username', content: 'ann' }),
    ])
    expect(
      typed({
        type: 'music.song',
        duration: 180,
        albums: [{ url: 'https://m.example/album', track: 2 }],
        musicians: new URL('https://m.example/ann'),
      }),
    ).toEqual([
      meta({ property: 'og:type', content: 'music.song' }),
      meta({ property: 'music:duration', content: '180' }),
      meta({ property: 'music:album:url', content: 'https://m.example/album' }),
      meta({ property: 'music:album:track', content: '2' }),
      meta({ property: 'music:musician', content: 'https://m.example/ann' }),
    ])
    expect(
      typed({
        type: 'video.episode',
        actors: [{ url: 'https://v.example/a', role: 'Lead' }],
        releaseDate: '2026-01-01',
        series: 'https://v.example/s',
      }),
    ).toEqual([
      meta({ property: 'og:type', content: 'video.episode' }),
      meta({ property: 'video:actor:url', content: 'https://v.example/a' }),
      meta({ property: 'video:actor:role', content: 'Lead' }),
      meta({ property: 'video:release_date', content: '2026-01-01' }),
      meta({ property: 'video:series', content: 'https://v.example/s' }),
    ])
  })
})

describe('a URL object in alternates', () => {
  it("is a base for the page's pathname, its query kept, as in Next.js", () => {
    expect(
      tagsFor([{ alternates: { canonical: new URL('https://example.com/?ref=a') } }], '/notes/3'),
    ).toEqual([link({ rel: 'canonical', href: 'https://example.com/notes/3?ref=a' })])
  })
})

describe("Next.js's own example metadata", () => {
  it('typechecks unchanged and writes each field', () => {
    // From Next's generateMetadata reference: an app's object moves with its import renamed.
    const metadata: Metadata = {
      referrer: 'origin-when-cross-origin',
      keywords: ['Next.js', 'React', 'JavaScript'],
      authors: [{ name: 'Seb' }, { name: 'Josh', url: 'https://nextjs.org' }],
      manifest: 'https://nextjs.org/manifest.json',
      robots: {
        index: false,
        follow: true,
        nocache: false,
        googleBot: { index: true, noimageindex: true, 'max-video-preview': -1 },
      },
      icons: {
        icon: [{ url: '/icon.png' }, new URL('/icon.png', 'https://example.com')],
        other: [{ rel: 'apple-touch-icon-precomposed', url: '/apple-touch-icon-precomposed.png' }],
      },
      openGraph: {
        title: 'Next.js',
        images: [{ url: 'https://nextjs.org/og.png', width: 800, height: 600 }],
        videos: [{ url: 'https://nextjs.org/video.mp4', width: 800, height: 600 }],
        audio: [{ url: 'https://nextjs.org/audio.mp3' }],
        locale: 'en_US',
        type: 'article',
        publishedTime: '2023-01-01T00:00:00.000Z',
        authors: ['Seb', 'Josh'],
      },
      twitter: {
        card: 'app',
        title: 'Next.js',
        siteId: '1467726470533754880',
        images: { url: 'https://nextjs.org/og.png', alt: 'Next.js Logo' },
        app: {
          name: 'twitter_app',
          id: { iphone: 'twitter_app://iphone', googleplay: 'twitter_app://googleplay' },
          url: { iphone: 'https://iphone_url' },
        },
      },
      verification: { google: 'google', other: { me: ['my-email', 'my-link'] } },
      appleWebApp: { title: 'Apple Web App', statusBarStyle: 'black-translucent' },
      alternates: {
        canonical: 'https://nextjs.org',
        languages: { 'en-US': 'https://nextjs.org/en-US' },
        media: { 'only screen and (max-width: 600px)': 'https://nextjs.org/mobile' },
        types: { 'application/rss+xml': 'https://nextjs.org/rss' },
      },
      appLinks: { web: { url: 'https://nextjs.org/web', should_fallback: true } },
      archives: ['https://nextjs.org/13'],
      facebook: { appId: '12345678' },
      pinterest: { richPin: true },
      formatDetection: { email: false, address: false, telephone: false },
      itunes: { appId: 'myAppStoreID', appArgument: 'myAppArgument' },
      other: { custom: 'meta' },
    }
    const tags = tagsFor([metadata])
    for (const tag of [
      meta({ name: 'robots', content: 'noindex, follow' }),
      meta({ name: 'googlebot', content: 'index, noimageindex, max-video-preview:-1' }),
      link({ rel: 'manifest', href: 'https://nextjs.org/manifest.json' }),
      link({ rel: 'canonical', href: 'https://nextjs.org' }),
      meta({
        name: 'apple-itunes-app',
        content: 'app-id=myAppStoreID, app-argument=myAppArgument',
      }),
      meta({ name: 'me', content: 'my-link' }),
      meta({ property: 'og:audio', content: 'https://nextjs.org/audio.mp3' }),
      meta({ property: 'article:author', content: 'Josh' }),
      meta({ name: 'twitter:app:id:googleplay', content: 'twitter_app://googleplay' }),
      meta({ property: 'al:web:should_fallback', content: 'true' }),
      link({ rel: 'icon', href: 'https://example.com/icon.png' }),
    ]) {
      expect(tags).toContainEqual(tag)
    }
  })
})
