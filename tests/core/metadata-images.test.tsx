// Images made from code (docs/metadata.md, "Images made from code") through the request pipeline:
// an opengraph-image.tsx in a dynamic folder made into a PNG by ImageResponse (#framework/og) at
// /notes/<id>/opengraph-image, its exports in the head; an icon.tsx with generateImageMetadata()
// at /icon/<id>; an image that reads cookies() answers private, no-store.
import { imageSize } from 'image-size'
import { describe, expect, it } from 'vitest'
import { cookies } from '../../src/framework/index.ts'
import { ImageResponse } from '../../src/framework/og.ts'
import type { StaticMetadataFile } from '../../src/framework/routing/metadata-files.ts'
import {
  documentHead,
  type Modules,
  makeHandler,
  RootLayout,
  startHtmlRendererForFile,
} from './support/app.tsx'

const html = startHtmlRendererForFile()

const text = (content: string) => () => <p>{content}</p>
const source = (hash: string): StaticMetadataFile => ({ body: '', base64: false, hash })

const seen: { params: unknown; id: unknown }[] = []

const modules: Modules = {
  'layout.tsx': { default: RootLayout },
  'page.tsx': { default: text('Home') },
  'notes/[id]/page.tsx': { default: text('A note') },
  'notes/[id]/opengraph-image.tsx': {
    alt: 'A note’s card',
    size: { width: 600, height: 315 },
    contentType: 'image/png',
    default: async ({ params }: { params: Promise<{ id: string }> }) => {
      const { id } = await params
      return new ImageResponse(<div style={{ display: 'flex' }}>Note {id}</div>, {
        width: 600,
        height: 315,
      })
    },
  },
  'icon.tsx': {
    generateImageMetadata: ({ params }: { params: object }) => {
      seen.push({ params, id: undefined })
      return [
        { id: 'small', size: { width: 16, height: 16 }, contentType: 'image/png' },
        { id: 'large', size: { width: 48, height: 48 }, contentType: 'image/png' },
      ]
    },
    default: async ({ params, id }: { params: Promise<object>; id: Promise<string> }) => {
      seen.push({ params: await params, id: await id })
      return new Response(`icon ${await id}`, { headers: { 'content-type': 'image/png' } })
    },
  },
  'private/page.tsx': { default: text('Private') },
  'private/twitter-image.tsx': {
    default: async () => {
      const who = (await cookies()).get('who')?.value ?? 'nobody'
      return new Response(who, { headers: { 'content-type': 'image/png' } })
    },
  },
}

const statics = {
  'notes/[id]/opengraph-image.tsx': source('0dec0ded'),
  'icon.tsx': source('1c0n1c0n'),
}

const handler = () => makeHandler(html, modules, { staticMetadataFiles: statics })

const head = (path: string) => documentHead(handler(), path)

const get = (path: string, init?: RequestInit) =>
  handler()(new Request(`http://localhost${path}`, init))

describe('an image module over HTTP', () => {
  it('answers a PNG that ImageResponse made, for each note, with its headers', async () => {
    const response = await get('/notes/7/opengraph-image')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(response.headers.get('cache-control')).toBe(
      'public, immutable, no-transform, max-age=31536000',
    )
    const bytes = new Uint8Array(await response.arrayBuffer())
    expect(Buffer.from(bytes.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a')
    expect(imageSize(bytes)).toMatchObject({ width: 600, height: 315 })
  })

  it('answers each id of generateImageMetadata() at <url>/<id>, its id and params as promises', async () => {
    seen.length = 0
    const response = await get('/icon/large')
    expect(await response.text()).toBe('icon large')
    expect(seen).toEqual([
      { params: {}, id: undefined },
      { params: {}, id: 'large' },
    ])
    expect((await get('/icon/huge')).status).toBe(404)
    expect((await get('/icon')).status).toBe(404)
  })

  it('answers HEAD without the body', async () => {
    const response = await get('/icon/small', { method: 'HEAD' })
    expect(response.headers.get('content-type')).toBe('image/png')
    expect(await response.text()).toBe('')
  })

  it('an image that read cookies() answers private, no-store', async () => {
    const response = await get('/private/twitter-image', { headers: { cookie: 'who=ada' } })
    expect(await response.text()).toBe('ada')
    expect(response.headers.get('cache-control')).toBe('private, no-store')
  })
})

describe('the head tags of image modules', () => {
  it('names a note’s image with its params, its exports in Next’s order', async () => {
    const tags = await head('/notes/7')
    expect(tags).toContain(
      '<meta property="og:image:alt" content="A note’s card"/>' +
        '<meta property="og:image:type" content="image/png"/>' +
        '<meta property="og:image" content="/notes/7/opengraph-image?0dec0ded"/>' +
        '<meta property="og:image:width" content="600"/>' +
        '<meta property="og:image:height" content="315"/>',
    )
  })

  it('links one icon per item of generateImageMetadata()', async () => {
    const tags = await head('/')
    expect(tags).toContain(
      '<link rel="icon" href="/icon/small?1c0n1c0n" type="image/png" sizes="16x16"/>' +
        '<link rel="icon" href="/icon/large?1c0n1c0n" type="image/png" sizes="48x48"/>',
    )
  })

  it('names an image without exports as a PNG, without size or alt', async () => {
    const tags = await head('/private')
    expect(tags).toContain('<meta name="twitter:image:type" content="image/png"/>')
    expect(tags).toContain('<meta name="twitter:image" content="/private/twitter-image"/>')
  })
})
