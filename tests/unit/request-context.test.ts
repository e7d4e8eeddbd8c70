import { setTimeout as sleep } from 'node:timers/promises'
import { describe, expect, it } from 'vitest'
import {
  getDynamicReason,
  hideRequestData,
  isRequestHidden,
  markDynamic,
} from '../../src/framework/request/dynamic-reads.ts'
import { cookies, headers } from '../../src/framework/server/request-apis.ts'
import {
  type RequestPhase,
  runWithRequest,
  setRequestPhase,
  withSetCookies,
} from '../../src/framework/server/request-store.ts'

function requestWith(init: Record<string, string> = {}): Request {
  return new Request('http://localhost/page', { headers: init })
}

/** Runs `fn` as the framework runs a request: inside its context, in the given phase. */
function inRequest<T>(request: Request, phase: RequestPhase, fn: () => T): T {
  return runWithRequest(request, fn, phase)
}

/** The Set-Cookie headers the framework adds to a response at the end of the current request. */
function setCookieHeaders(): string[] {
  return withSetCookies(new Response('body')).headers.getSetCookie()
}

const COOKIE_HEADER = 'theme=dark; session=abc123; greeting=hello%20world; empty='

describe('cookies() reading', () => {
  it('gets, lists and tests the request cookies', async () => {
    await inRequest(requestWith({ cookie: COOKIE_HEADER }), 'render', async () => {
      const store = await cookies()
      expect(store.get('theme')).toEqual({ name: 'theme', value: 'dark' })
      expect(store.get('greeting')).toEqual({ name: 'greeting', value: 'hello world' })
      expect(store.get('empty')).toEqual({ name: 'empty', value: '' })
      expect(store.get('missing')).toBeUndefined()
      expect(store.has('session')).toBe(true)
      expect(store.has('missing')).toBe(false)
      expect(store.getAll()).toEqual([
        { name: 'theme', value: 'dark' },
        { name: 'session', value: 'abc123' },
        { name: 'greeting', value: 'hello world' },
        { name: 'empty', value: '' },
      ])
      // Next.js's ReadonlyRequestCookies has it too.
      expect(store.size).toBe(4)
    })
  })

  it('gives an empty store without a Cookie header', async () => {
    await inRequest(requestWith(), 'render', async () => {
      const store = await cookies()
      expect(store.getAll()).toEqual([])
      expect(store.has('theme')).toBe(false)
      expect(store.size).toBe(0)
    })
  })

  it('returns a promise, as in Next.js 15+', () => {
    inRequest(requestWith(), 'render', () => {
      expect(cookies()).toBeInstanceOf(Promise)
      expect(headers()).toBeInstanceOf(Promise)
    })
  })
})

describe('cookies() writing', () => {
  it('refuses set and delete while rendering, with an error that says where they work', async () => {
    await inRequest(requestWith({ cookie: COOKIE_HEADER }), 'render', async () => {
      const store = await cookies()
      expect(() => store.set('theme', 'light')).toThrow(
        'cookies().set() can only be called in a server function, a route handler or the middleware, not while rendering a component.',
      )
      expect(() => store.delete('theme')).toThrow(
        /cookies\(\)\.delete\(\) can only be called in a server function, a route handler or the middleware/,
      )
      expect(store.get('theme')?.value).toBe('dark')
      expect(setCookieHeaders()).toEqual([])
    })
  })

  it('sets and deletes cookies in a route handler, visible to later reads', async () => {
    await inRequest(requestWith({ cookie: COOKIE_HEADER }), 'handler', async () => {
      const store = await cookies()
      store.set('theme', 'light')
      store.set('token', 'a b;c', { httpOnly: true, secure: true, sameSite: 'lax', maxAge: 60 })
      store.delete('session')
      expect(store.size).toBe(4)
      expect(store.get('theme')).toEqual({ name: 'theme', value: 'light' })
      expect(store.get('token')?.value).toBe('a b;c')
      expect(store.has('session')).toBe(false)
      expect((await cookies()).get('theme')?.value).toBe('light')
      expect(setCookieHeaders()).toEqual([
        'theme=light; Path=/',
        'token=a%20b%3Bc; Max-Age=60; Path=/; HttpOnly; Secure; SameSite=Lax',
        'session=; Max-Age=0; Path=/',
      ])
    })
  })

  it('lets options override the default path', async () => {
    await inRequest(requestWith(), 'handler', async () => {
      ;(await cookies()).set('scoped', '1', { path: '/admin' })
      expect(setCookieHeaders()).toEqual(['scoped=1; Path=/admin'])
    })
  })

  it('works in a server function, and stops when the phase moves on to rendering', async () => {
    await inRequest(requestWith(), 'action', async () => {
      const store = await cookies()
      store.set('saved', 'yes')
      setRequestPhase('render')
      expect(() => store.set('late', 'no')).toThrow(
        /server function, a route handler or the middleware/,
      )
      expect(setCookieHeaders()).toEqual(['saved=yes; Path=/'])
    })
  })

  it('renders by default, where cookies are read-only', async () => {
    await runWithRequest(requestWith(), async () => {
      const store = await cookies()
      expect(() => store.set('a', '1')).toThrow(/not while rendering a component/)
    })
  })
})

describe('withSetCookies', () => {
  it('returns the response itself when nothing was set, or outside a request', async () => {
    const response = new Response('unchanged')
    expect(withSetCookies(response)).toBe(response)
    await inRequest(requestWith(), 'handler', async () => {
      expect(withSetCookies(response)).toBe(response)
    })
  })

  it('keeps status, headers, body and the response’s own cookies', async () => {
    await inRequest(requestWith(), 'handler', async () => {
      ;(await cookies()).set('added', '1')
      const original = new Response('created', {
        status: 201,
        statusText: 'Created',
        headers: { 'x-app': 'yes', 'set-cookie': 'own=1' },
      })
      const response = withSetCookies(original)
      expect(response.status).toBe(201)
      expect(response.statusText).toBe('Created')
      expect(response.headers.get('x-app')).toBe('yes')
      expect(response.headers.getSetCookie()).toEqual(['own=1', 'added=1; Path=/'])
      expect(await response.text()).toBe('created')
    })
  })

  it('adds cookies to a response whose headers are immutable', async () => {
    await inRequest(requestWith(), 'handler', async () => {
      ;(await cookies()).set('after', 'redirect')
      const response = withSetCookies(Response.redirect('http://localhost/next', 302))
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('http://localhost/next')
      expect(response.headers.getSetCookie()).toEqual(['after=redirect; Path=/'])
    })
  })
})

describe('headers()', () => {
  it('reads the request headers', async () => {
    await inRequest(
      requestWith({ 'user-agent': 'unit-test', 'accept-language': 'fr' }),
      'render',
      async () => {
        const h = await headers()
        expect(h.get('user-agent')).toBe('unit-test')
        expect(h.get('Accept-Language')).toBe('fr')
        expect(h.has('x-missing')).toBe(false)
      },
    )
  })

  it('is read-only, in every phase', async () => {
    for (const phase of ['render', 'action', 'handler'] as const) {
      const request = requestWith({ 'x-app': 'one' })
      await inRequest(request, phase, async () => {
        const h = await headers()
        expect(() => h.set('x-app', 'two')).toThrow(/headers\(\) is read-only/)
        expect(() => h.append('x-app', 'two')).toThrow(/read-only/)
        expect(() => h.delete('x-app')).toThrow(/read-only/)
        expect(h.get('x-app')).toBe('one')
        expect(request.headers.get('x-app')).toBe('one')
      })
    }
  })
})

describe('outside a request', () => {
  it('cookies() throws an error that says so', () => {
    expect(() => cookies()).toThrow(/cookies\(\) was called outside a request/)
  })

  it('headers() throws an error that says so', () => {
    expect(() => headers()).toThrow(/headers\(\) was called outside a request/)
  })

  it('after the request has ended', async () => {
    await inRequest(requestWith(), 'render', async () => {})
    expect(() => cookies()).toThrow(/outside a request/)
  })
})

describe('markDynamic / getDynamicReason', () => {
  it('starts static and records the first reason only', async () => {
    await inRequest(requestWith(), 'render', async () => {
      expect(getDynamicReason()).toBeUndefined()
      markDynamic('searchParams')
      markDynamic('something else')
      expect(getDynamicReason()).toBe('searchParams')
    })
  })

  it('is set by cookies() and by headers()', async () => {
    await inRequest(requestWith(), 'render', async () => {
      await cookies()
      expect(getDynamicReason()).toBe('cookies()')
    })
    await inRequest(requestWith(), 'render', async () => {
      await headers()
      expect(getDynamicReason()).toBe('headers()')
    })
  })

  it('is kept per request and does nothing outside one', async () => {
    markDynamic('outside')
    expect(getDynamicReason()).toBeUndefined()
    await inRequest(requestWith(), 'render', async () => {
      markDynamic('first request')
    })
    await inRequest(requestWith(), 'render', async () => {
      expect(getDynamicReason()).toBeUndefined()
    })
  })
})

describe('concurrent requests', () => {
  it('do not see each other’s cookies, Set-Cookie headers or dynamic reasons', async () => {
    // A resolves its first step only after B has started, so their awaits interleave.
    let releaseA!: () => void
    const aMayContinue = new Promise<void>((resolve) => {
      releaseA = resolve
    })

    const a = inRequest(requestWith({ cookie: 'user=alice' }), 'handler', async () => {
      const before = (await cookies()).get('user')?.value
      await aMayContinue
      const store = await cookies()
      store.set('seen', 'alice')
      await sleep(5)
      return {
        before,
        after: store.get('user')?.value,
        seen: store.get('seen')?.value,
        setCookies: setCookieHeaders(),
        reason: getDynamicReason(),
      }
    })

    const b = inRequest(requestWith({ cookie: 'user=bob' }), 'handler', async () => {
      markDynamic('bob')
      const store = await cookies()
      store.set('seen', 'bob')
      releaseA()
      await sleep(10)
      return {
        user: store.get('user')?.value,
        seen: (await cookies()).get('seen')?.value,
        setCookies: setCookieHeaders(),
        reason: getDynamicReason(),
        cookieHeader: (await headers()).get('cookie'),
      }
    })

    const [resultA, resultB] = await Promise.all([a, b])
    expect(resultA).toEqual({
      before: 'alice',
      after: 'alice',
      seen: 'alice',
      setCookies: ['seen=alice; Path=/'],
      reason: 'cookies()',
    })
    expect(resultB).toEqual({
      user: 'bob',
      seen: 'bob',
      setCookies: ['seen=bob; Path=/'],
      reason: 'bob',
      cookieHeader: 'user=bob',
    })
  })

  it('keep many parallel requests apart', async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        inRequest(requestWith({ cookie: `n=${i}` }), 'render', async () => {
          await sleep((i * 7) % 11)
          return (await cookies()).get('n')?.value
        }),
      ),
    )
    expect(results).toEqual(Array.from({ length: 50 }, (_, i) => String(i)))
  })
})

describe('a force-static render (hideRequestData)', () => {
  it('sees no cookies, headers or dynamic reads', async () => {
    const request = new Request('http://localhost/', {
      headers: { cookie: 'session=secret', 'x-user': 'ada' },
    })
    await runWithRequest(request, async () => {
      hideRequestData()
      expect(isRequestHidden()).toBe(true)
      expect((await cookies()).getAll()).toEqual([])
      expect((await cookies()).size).toBe(0)
      expect((await cookies()).get('session')).toBeUndefined()
      expect((await headers()).get('x-user')).toBeNull()
      expect(getDynamicReason()).toBeUndefined()
    })
  })
})
