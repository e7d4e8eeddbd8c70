// Interrupts (docs/errors.md): what redirect(), permanentRedirect(), notFound(),
// unauthorized() and forbidden() throw, and the one parser that reads their digest back, on the
// server and, from the digest alone, in the browser.
import { describe, expect, it } from 'vitest'
import type { Route } from '../../src/framework/routing/typed-hrefs.ts'
import {
  forbidden,
  isHTTPAccessFallbackError,
  isRedirectError,
  notFound,
  parseInterrupt,
  permanentRedirect,
  redirect,
  unauthorized,
} from '../../src/framework/wire/interrupts.ts'

/** What `fn` threw (it must throw). */
function thrownBy(fn: () => unknown): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  throw new Error('expected the call to throw')
}

function digestOf(error: unknown): string {
  expect(error).toHaveProperty('digest')
  const { digest } = error as { digest: unknown }
  expect(typeof digest).toBe('string')
  return digest as string
}

describe('access fallbacks', () => {
  const cases = [
    { name: 'notFound', throwIt: notFound, status: 404 },
    { name: 'unauthorized', throwIt: unauthorized, status: 401 },
    { name: 'forbidden', throwIt: forbidden, status: 403 },
  ] as const

  it.each(cases)(
    '$name() throws an Error whose digest parses to status $status',
    ({ throwIt, status }) => {
      const error = thrownBy(throwIt)
      expect(error).toBeInstanceOf(Error)
      expect(digestOf(error)).toBe(`FRAMEWORK_HTTP_FALLBACK;${status}`)
      expect(parseInterrupt(error)).toEqual({ signal: 'fallback', status })
    },
  )

  it.each(cases)('$name() is an access fallback error, not a redirect error', ({ throwIt }) => {
    const error = thrownBy(throwIt)
    expect(isHTTPAccessFallbackError(error)).toBe(true)
    expect(isRedirectError(error)).toBe(false)
  })

  it.each(cases)('the message of $name() names the function', ({ name, throwIt }) => {
    expect((thrownBy(throwIt) as Error).message).toContain(`${name}()`)
  })
})

describe('redirects', () => {
  it('redirect(url) is a 307 with no history type of its own', () => {
    const error = thrownBy(() => redirect('/about' as Route))
    expect(error).toBeInstanceOf(Error)
    expect(digestOf(error)).toBe('FRAMEWORK_REDIRECT;;307;/about')
    expect(parseInterrupt(error)).toEqual({
      signal: 'redirect',
      url: '/about',
      status: 307,
      type: undefined,
    })
  })

  it('permanentRedirect(url) is a 308', () => {
    const error = thrownBy(() => permanentRedirect('/notes/5' as Route))
    expect(digestOf(error)).toBe('FRAMEWORK_REDIRECT;;308;/notes/5')
    expect(parseInterrupt(error)).toEqual({
      signal: 'redirect',
      url: '/notes/5',
      status: 308,
      type: undefined,
    })
  })

  it.each(['push', 'replace'] as const)('the %s type round-trips, for both kinds', (type) => {
    expect(parseInterrupt(thrownBy(() => redirect('/a' as Route, type)))).toEqual({
      signal: 'redirect',
      url: '/a',
      status: 307,
      type,
    })
    expect(parseInterrupt(thrownBy(() => permanentRedirect('/b' as Route, type)))).toEqual({
      signal: 'redirect',
      url: '/b',
      status: 308,
      type,
    })
  })

  it.each([
    'https://external.example/landing',
    '/search?q=a;b&c=d#part',
    '/path;with;semicolons',
    '/caf%C3%A9?x=%3B',
    '/',
  ])('the URL %s round-trips unchanged', (url) => {
    expect(parseInterrupt(thrownBy(() => redirect(url as Route)))).toMatchObject({
      signal: 'redirect',
      url,
    })
  })

  it('redirect errors are redirect errors, not access fallback errors', () => {
    for (const error of [
      thrownBy(() => redirect('/x' as Route)),
      thrownBy(() => permanentRedirect('/x' as Route, 'push')),
    ]) {
      expect(isRedirectError(error)).toBe(true)
      expect(isHTTPAccessFallbackError(error)).toBe(false)
    }
  })

  it('the message says not to catch it', () => {
    const error = thrownBy(() => redirect('/about' as Route)) as Error
    expect(error.message).toContain('/about')
    expect(error.message).toContain('isRedirectError()')
  })
})

describe('parseInterrupt() reads the digest wherever it travels', () => {
  it('from a bare digest string', () => {
    expect(parseInterrupt('FRAMEWORK_HTTP_FALLBACK;403')).toEqual({
      signal: 'fallback',
      status: 403,
    })
    expect(parseInterrupt('FRAMEWORK_REDIRECT;replace;308;/x')).toEqual({
      signal: 'redirect',
      url: '/x',
      status: 308,
      type: 'replace',
    })
  })

  it('from a plain object, as a client gets a server error (message hidden, digest kept)', () => {
    const fromServer = { message: 'An error occurred.', digest: 'FRAMEWORK_HTTP_FALLBACK;404' }
    expect(parseInterrupt(fromServer)).toEqual({ signal: 'fallback', status: 404 })
    expect(isHTTPAccessFallbackError(fromServer)).toBe(true)
  })

  it('from an Error of another class that carries the digest', () => {
    const error = Object.assign(new TypeError('copied'), { digest: 'FRAMEWORK_REDIRECT;;307;/a' })
    expect(isRedirectError(error)).toBe(true)
  })
})

describe('anything else parses to null', () => {
  it.each([
    '',
    'FRAMEWORK_REDIRECT',
    'FRAMEWORK_REDIRECT;',
    'FRAMEWORK_REDIRECT;;302;/x',
    'FRAMEWORK_REDIRECT;;301;/x',
    'FRAMEWORK_REDIRECT;sideways;307;/x',
    'FRAMEWORK_REDIRECT;push;abc;/x',
    'FRAMEWORK_REDIRECTS;;307;/x',
    'framework_redirect;;307;/x',
    ' FRAMEWORK_REDIRECT;;307;/x',
    'FRAMEWORK_HTTP_FALLBACK',
    'FRAMEWORK_HTTP_FALLBACK;',
    'FRAMEWORK_HTTP_FALLBACK;500',
    'FRAMEWORK_HTTP_FALLBACK;402',
    'FRAMEWORK_HTTP_FALLBACK;404;extra',
    'FRAMEWORK_HTTP_FALLBACK;four-oh-four',
    'NEXT_NOT_FOUND',
    'NEXT_REDIRECT;replace;/x;307;',
    '2166136261',
  ])('the malformed digest %j', (digest) => {
    expect(parseInterrupt(digest)).toBeNull()
    expect(parseInterrupt({ digest })).toBeNull()
    expect(isRedirectError({ digest })).toBe(false)
    expect(isHTTPAccessFallbackError({ digest })).toBe(false)
  })

  it.each([
    ['an Error without a digest', new Error('FRAMEWORK_HTTP_FALLBACK;404')],
    ['a digest that is not a string', { digest: 404 }],
    ['null', null],
    ['undefined', undefined],
    ['a number', 404],
    ['an empty object', {}],
  ])('%s', (_name, value) => {
    expect(parseInterrupt(value)).toBeNull()
    expect(isRedirectError(value)).toBe(false)
    expect(isHTTPAccessFallbackError(value)).toBe(false)
  })
})
