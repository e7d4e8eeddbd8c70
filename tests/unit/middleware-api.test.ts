// MiddlewareRequest / MiddlewareResponse: Next.js's NextRequest / NextResponse under our names
// (docs/routing.md "Coming from Next.js"). What they mark on a response is read by
// server/middleware-run.ts; the headers are those of wire/protocol.ts.
import { describe, expect, it } from 'vitest'
import { MiddlewareRequest, MiddlewareResponse } from '../../src/framework/server/middleware-api.ts'

describe('MiddlewareRequest', () => {
  it('has nextUrl (cloneable) and the cookies of its Cookie header', () => {
    const request = new MiddlewareRequest('http://app.example/notes/3?tab=1', {
      headers: { cookie: 'session=abc; theme=dark' },
    })
    expect(request.nextUrl.pathname).toBe('/notes/3')
    expect(request.nextUrl.searchParams.get('tab')).toBe('1')
    const copy = request.nextUrl.clone()
    copy.pathname = '/elsewhere'
    expect(request.nextUrl.pathname).toBe('/notes/3')
    expect(request.cookies.get('session')).toEqual({ name: 'session', value: 'abc' })
    expect(request.cookies.has('theme')).toBe(true)
    expect(request.cookies.getAll().map((cookie) => cookie.name)).toEqual(['session', 'theme'])
  })

  it("cookies.set() and delete() change the request's Cookie header", () => {
    const request = new MiddlewareRequest('http://app.example/', {
      headers: { cookie: 'a=1; b=2' },
    })
    request.cookies.set('c', '3')
    request.cookies.delete('a')
    expect(request.headers.get('cookie')).toBe('b=2; c=3')
  })
})

describe('MiddlewareResponse', () => {
  it('next() goes on, carrying the request headers the app should see', () => {
    const response = MiddlewareResponse.next({
      request: { headers: { 'x-request-id': 'r1', cookie: 'a=1' } },
      headers: { 'x-frame-options': 'DENY' },
    })
    expect(response.headers.get('x-middleware-next')).toBe('1')
    expect(response.headers.get('x-middleware-override-headers')).toBe('cookie,x-request-id')
    expect(response.headers.get('x-middleware-request-x-request-id')).toBe('r1')
    expect(response.headers.get('x-frame-options')).toBe('DENY')
  })

  it('rewrite() names its destination', () => {
    const response = MiddlewareResponse.rewrite(new URL('http://app.example/notes/3'))
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://app.example/notes/3')
  })

  it('redirect() is 307 unless told otherwise, and refuses a status that is no redirect', () => {
    expect(MiddlewareResponse.redirect('http://app.example/a').status).toBe(307)
    const permanent = MiddlewareResponse.redirect(new URL('http://app.example/a'), 308)
    expect(permanent.status).toBe(308)
    expect(permanent.headers.get('location')).toBe('http://app.example/a')
    expect(() => MiddlewareResponse.redirect('/a', 200)).toThrow(RangeError)
  })

  it('json() answers JSON as a MiddlewareResponse', async () => {
    const response = MiddlewareResponse.json({ ok: true }, { status: 202 })
    expect(response).toBeInstanceOf(MiddlewareResponse)
    expect(response.status).toBe(202)
    expect(await response.json()).toEqual({ ok: true })
  })

  it('cookies.set() writes one Set-Cookie per name; delete() expires it', () => {
    const response = MiddlewareResponse.next()
    response.cookies.set('theme', 'dark', { httpOnly: true })
    response.cookies.set('theme', 'light')
    response.cookies.set({ name: 'seen', value: '1' })
    expect(response.headers.getSetCookie()).toEqual(['theme=light; Path=/', 'seen=1; Path=/'])
    expect(response.cookies.get('theme')?.value).toBe('light')
    response.cookies.delete('seen')
    expect(response.headers.getSetCookie().find((line) => line.startsWith('seen='))).toMatch(
      /^seen=; Max-Age=0; Path=\/; Expires=Thu, 01 Jan 1970/,
    )
  })
})
