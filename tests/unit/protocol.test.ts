import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseInterrupt, redirectError } from '../../src/framework/wire/interrupts.ts'
import {
  CONTENT_TYPE_HTML,
  CONTENT_TYPE_PAYLOAD,
  canonicalPathname,
  HEADER_ACTION_ID,
  INLINE_PAYLOAD_GLOBAL,
  PAYLOAD_SUFFIX,
  parseRequest,
  redirectLocation,
  redirectTo,
  toPayloadUrl,
} from '../../src/framework/wire/protocol.ts'

const ORIGIN = 'http://localhost:3000'

function request(path: string, init?: RequestInit): Request {
  return new Request(new URL(path, ORIGIN), init)
}

describe('constants', () => {
  it('match the contract', () => {
    expect(PAYLOAD_SUFFIX).toBe('_.rsc')
    expect(CONTENT_TYPE_PAYLOAD).toBe('text/x-component')
    expect(CONTENT_TYPE_HTML).toBe('text/html; charset=utf-8')
    expect(HEADER_ACTION_ID).toBe('x-rsc-action')
    expect(INLINE_PAYLOAD_GLOBAL).toBe('__RSC_PAYLOAD')
  })
})

describe('toPayloadUrl', () => {
  it('maps the root to /_.rsc', () => {
    expect(toPayloadUrl('/')).toBe('/_.rsc')
    expect(toPayloadUrl('')).toBe('/_.rsc')
  })

  it('appends the suffix to nested paths', () => {
    expect(toPayloadUrl('/notes')).toBe('/notes_.rsc')
    expect(toPayloadUrl('/notes/1')).toBe('/notes/1_.rsc')
    expect(toPayloadUrl('/docs/a/b/c')).toBe('/docs/a/b/c_.rsc')
  })

  it('keeps the query', () => {
    expect(toPayloadUrl('/notes/1?q=a&b=2')).toBe('/notes/1_.rsc?q=a&b=2')
    expect(toPayloadUrl('/?sort=new')).toBe('/_.rsc?sort=new')
  })

  it('drops the hash', () => {
    expect(toPayloadUrl('/notes/1#comments')).toBe('/notes/1_.rsc')
    expect(toPayloadUrl('/notes/1?q=a#comments')).toBe('/notes/1_.rsc?q=a')
  })

  it('drops a trailing slash', () => {
    expect(toPayloadUrl('/notes/')).toBe('/notes_.rsc')
    expect(toPayloadUrl('/notes/1/?x=1')).toBe('/notes/1_.rsc?x=1')
  })

  it('turns absolute URLs into same-origin paths', () => {
    expect(toPayloadUrl('http://example.com/notes?x=1#h')).toBe('/notes_.rsc?x=1')
    expect(toPayloadUrl(new URL('https://example.com/'))).toBe('/_.rsc')
  })

  it('resolves relative hrefs against the base', () => {
    expect(toPayloadUrl('2', 'http://localhost/notes/1')).toBe('/notes/2_.rsc')
    expect(toPayloadUrl('?page=2', 'http://localhost/notes')).toBe('/notes_.rsc?page=2')
    expect(toPayloadUrl('../about', 'http://localhost/notes/1')).toBe('/about_.rsc')
  })

  it('keeps percent-encoding as it is', () => {
    expect(toPayloadUrl('/docs/a%20b?q=%2F')).toBe('/docs/a%20b_.rsc?q=%2F')
  })
})

describe('parseRequest', () => {
  it('reads GET and HEAD of a page as a document request', () => {
    const get = parseRequest(request('/notes/1?q=a'))
    expect(get.type).toBe('document')
    expect(get.url.href).toBe(`${ORIGIN}/notes/1?q=a`)
    expect('actionId' in get).toBe(false)
    expect(parseRequest(request('/', { method: 'HEAD' })).type).toBe('document')
  })

  it('reads GET and HEAD of a payload URL as a payload request, suffix stripped, query kept', () => {
    const payload = parseRequest(request('/notes/1_.rsc?q=a&b=2'))
    expect(payload.type).toBe('payload')
    expect(payload.url.pathname).toBe('/notes/1')
    expect(payload.url.search).toBe('?q=a&b=2')
    expect(payload.url.origin).toBe(ORIGIN)
    expect(parseRequest(request('/notes_.rsc', { method: 'HEAD' })).type).toBe('payload')
  })

  it('maps the root payload URL back to /', () => {
    const payload = parseRequest(request('/_.rsc'))
    expect(payload.type).toBe('payload')
    expect(payload.url.pathname).toBe('/')
  })

  it('does not treat a path that merely contains the suffix as a payload URL', () => {
    const parsed = parseRequest(request('/notes_.rsc/1'))
    expect(parsed.type).toBe('document')
    expect(parsed.url.pathname).toBe('/notes_.rsc/1')
  })

  it('reads a POST with the action header as a server function call', () => {
    const parsed = parseRequest(
      request('/notes?x=1', { method: 'POST', headers: { 'X-RSC-Action': 'abc#save' } }),
    )
    expect(parsed).toMatchObject({ type: 'action', actionId: 'abc#save' })
    expect(parsed.url.pathname + parsed.url.search).toBe('/notes?x=1')
  })

  it('reads a POST with the action header to a payload URL (what callServer sends) as a call', () => {
    const parsed = parseRequest(
      request('/notes/1_.rsc?x=1', { method: 'POST', headers: { [HEADER_ACTION_ID]: 'id1' } }),
    )
    expect(parsed).toMatchObject({ type: 'action', actionId: 'id1' })
    expect(parsed.url.pathname + parsed.url.search).toBe('/notes/1?x=1')
  })

  it('reads a POST to a payload URL without the header as other', () => {
    expect(parseRequest(request('/notes_.rsc', { method: 'POST', body: 'x' })).type).toBe('other')
  })

  it('reads a POST without the header as a form action', () => {
    const body = new FormData()
    body.set('$ACTION_ID_abc', '')
    const parsed = parseRequest(request('/notes', { method: 'POST', body }))
    expect(parsed.type).toBe('form-action')
    expect('actionId' in parsed).toBe(false)
    expect(parsed.url.pathname).toBe('/notes')
  })

  it('reads other methods as other', () => {
    for (const method of ['PUT', 'PATCH', 'DELETE', 'OPTIONS']) {
      const parsed = parseRequest(request('/notes/1', { method }))
      expect(parsed.type, method).toBe('other')
      expect(parsed.url.pathname).toBe('/notes/1')
    }
    const put = parseRequest(request('/notes/1_.rsc', { method: 'PUT' }))
    expect(put.type).toBe('other')
    expect(put.url.pathname).toBe('/notes/1')
  })
})

describe('toPayloadUrl → parseRequest round trip', () => {
  const pages = [
    '/',
    '/?q=1',
    '/notes',
    '/notes/1',
    '/notes/1?q=a&q=b',
    '/docs/a/b/c',
    '/docs/a%20b?x=%26',
    '/tags/%E2%9C%93',
    '/weird_',
    '/file_.rsc',
  ]

  for (const page of pages) {
    it(`gives ${page} back`, () => {
      const parsed = parseRequest(request(toPayloadUrl(page)))
      expect(parsed.type).toBe('payload')
      expect(parsed.url.pathname + parsed.url.search).toBe(page)
    })
  }

  it('gives the page back without its trailing slash or hash', () => {
    const parsed = parseRequest(request(toPayloadUrl('/notes/1/?q=a#top')))
    expect(parsed.type).toBe('payload')
    expect(parsed.url.pathname + parsed.url.search).toBe('/notes/1?q=a')
  })
})

describe('redirectTo', () => {
  it('answers the status with Location and no body', async () => {
    const response = redirectTo('/about', 307)
    expect(response.status).toBe(307)
    expect(response.headers.get('location')).toBe('/about')
    expect(await response.text()).toBe('')
  })

  it.each([
    ['/tags/café', '/tags/caf%C3%A9'],
    ['/notes?q=漢字 x', '/notes?q=%E6%BC%A2%E5%AD%97%20x'],
    ['/a#ü', '/a#%C3%BC'],
    ['https://例え.example/ö', 'https://%E4%BE%8B%E3%81%88.example/%C3%B6'],
    ['/emoji/🎉', '/emoji/%F0%9F%8E%89'],
    ['/tab\there', '/tab%09here'],
  ])('percent-encodes what may not go in a header as it is: %s', (url, location) => {
    expect(redirectTo(url, 303).headers.get('location')).toBe(location)
  })

  it('keeps a URL that is already encoded as it is, and its relative form', () => {
    for (const url of [
      '/tags/caf%C3%A9',
      '/a%20b?c=%25&d=e#f',
      '../up',
      '?q=1',
      '//cdn.example/x',
    ]) {
      expect(redirectTo(url, 308).headers.get('location')).toBe(url)
    }
  })

  it('cannot be made to add a header line', () => {
    const location = redirectTo('/x\r\nset-cookie: a=b', 307).headers.get('location')
    expect(location).toBe('/x%0D%0Aset-cookie:%20a=b')
  })

  it('encodes a lone surrogate as U+FFFD instead of throwing', () => {
    expect(redirectTo('/x\ud800', 307).headers.get('location')).toBe('/x%EF%BF%BD')
  })
})

describe('canonicalPathname (docs/routing.md, "One spelling of a path")', () => {
  it('drops empty segments, resolves dot segments, decodes nothing', () => {
    for (const [spelled, canonical] of [
      ['/', '/'],
      ['', '/'],
      ['//', '/'],
      ['/notes/3', '/notes/3'],
      ['/notes//3', '/notes/3'],
      ['//notes/3', '/notes/3'],
      ['/notes/3/', '/notes/3'],
      ['/notes/./3', '/notes/3'],
      ['/notes/%2e/3', '/notes/3'],
      ['/x/../notes/3', '/notes/3'],
      ['/x/%2E%2e/notes/.%2e/notes/3', '/notes/3'],
      ['/../..//notes', '/notes'],
      ['/a%2Fb//c', '/a%2Fb/c'],
      ['/a%2e%2e', '/a%2e%2e'],
    ] as const) {
      expect(canonicalPathname(spelled), spelled).toBe(canonical)
    }
  })
})

describe('parseRequest: the canonical path', () => {
  const raw = (path: string, init?: RequestInit) => new Request(`${ORIGIN}${path}`, init)

  it('a canonical request has no canonicalUrl', () => {
    for (const path of ['/', '/_.rsc', '/notes/3', '/notes/3_.rsc?q=1', '/a%2Fb']) {
      expect(parseRequest(raw(path)).canonicalUrl, path).toBeNull()
    }
  })

  it.each([
    ['//notes/3?q=1', 'document', '/notes/3?q=1'],
    ['/notes//3/', 'document', '/notes/3'],
    ['//notes/3_.rsc', 'payload', '/notes/3_.rsc'],
    ['/notes/3/_.rsc?q=1', 'payload', '/notes/3_.rsc?q=1'],
    ['//_.rsc', 'payload', '/_.rsc'],
    ['/notes_.rsc/', 'document', '/notes_.rsc'],
  ])('%s is a %s of %s', (spelled, type, canonical) => {
    const parsed = parseRequest(raw(spelled))
    expect(parsed.type).toBe(type)
    expect(parsed.url.pathname).toBe(canonicalPathname(parsed.url.pathname))
    const url = parsed.canonicalUrl!
    expect(url.origin).toBe(ORIGIN)
    expect(url.pathname + url.search).toBe(canonical)
  })

  it('a server function call keeps its payload URL, a form post its page URL', () => {
    const call = parseRequest(
      raw('//notes//3_.rsc', { method: 'POST', headers: { [HEADER_ACTION_ID]: 'a#b' } }),
    )
    expect(call.canonicalUrl?.pathname).toBe('/notes/3_.rsc')
    expect(call.url.pathname).toBe('/notes/3')
    const form = parseRequest(raw('//notes//3', { method: 'POST', body: 'x' }))
    expect(form.type).toBe('form-action')
    expect(form.canonicalUrl?.pathname).toBe('/notes/3')
  })
})

describe('parseRequest: the host the browser addressed', () => {
  it('is the Host header, in lower case, else the URL’s', () => {
    expect(parseRequest(request('/', { headers: { host: 'App.Example:8080' } })).host).toBe(
      'app.example:8080',
    )
    expect(parseRequest(request('/')).host).toBe('localhost:3000')
  })

  it('is the first X-Forwarded-Host only with trustProxy', () => {
    const forwarded = request('/', {
      headers: { host: 'internal:3000', 'x-forwarded-host': 'Public.Example, proxy.example' },
    })
    expect(parseRequest(forwarded).host).toBe('internal:3000')
    expect(parseRequest(forwarded, true).host).toBe('public.example')
  })
})

describe('redirectLocation (docs/security.md, "What holds at the edge")', () => {
  const SITE = 'https://site.example'

  it('percent-encodes what URL parsers would drop or read as `/`', () => {
    for (const [target, location] of [
      ['/\\evil.example/', '/%5Cevil.example/'],
      ['/\t/evil.example/', '/%09/evil.example/'],
      ['/\n/evil.example/', '/%0A/evil.example/'],
      ['/\\\\evil.example', '/%5C%5Cevil.example'],
      ['\\\\evil.example', '%5C%5Cevil.example'],
      ['/notes/3?a=\\', '/notes/3?a=%5C'],
    ] as const) {
      expect(redirectLocation(target), target).toBe(location)
      expect(redirectTo(target, 307).headers.get('location'), target).toBe(location)
    }
  })

  it('keeps absolute URLs as given', () => {
    for (const url of ['https://other.example/a\\b', '//cdn.example/x', 'mailto:a@b.example']) {
      expect(redirectLocation(url)).toBe(url)
    }
  })

  it('any target that begins with a single `/` stays on the origin, and reads the same twice', () => {
    const target = fc
      .tuple(
        fc.string({
          unit: fc.oneof(
            fc.constantFrom('\\', '\t', '\n', '\r', ' ', '/', '.', '%', '@', ':', '?', '#'),
            fc.string({ unit: 'grapheme', maxLength: 1 }),
            fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
          ),
          maxLength: 20,
        }),
        fc.string({ maxLength: 20 }),
      )
      .map(([first, rest]) => `/${first}${rest}`)
      .filter((path) => !path.startsWith('//'))
    fc.assert(
      fc.property(target, (path) => {
        const location = redirectLocation(path)
        expect(new URL(location, SITE).origin).toBe(SITE)
        expect(redirectLocation(location)).toBe(location)
      }),
      { numRuns: 2000 },
    )
  })

  it('redirect() targets read back from their digest are the safe ones', () => {
    const interrupt = parseInterrupt(redirectError('/\\evil.example/', 307))
    expect(interrupt).toMatchObject({ signal: 'redirect', url: '/%5Cevil.example/' })
  })
})
