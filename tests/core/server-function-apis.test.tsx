// What only a server function may call, as in Next.js 16 (docs/caching.md, "updateTag() and
// refresh()"): updateTag() makes the page its answer carries read fresh data, refresh() makes the
// client forget the pages it kept (x-rsc-revalidated), and both throw anywhere else. And
// RedirectType, a value as in Next.js: redirect(url, RedirectType.replace).
import { describe, expect, it } from 'vitest'
import {
  cached,
  RedirectType,
  type Route,
  redirect,
  refresh,
  updateTag,
} from '../../src/framework/index.ts'
import { HEADER_ACTION_ID, HEADER_REVALIDATED } from '../../src/framework/wire/protocol.ts'
import { type Modules, makeHandler, RootLayout, startHtmlRendererForFile } from './support/app.tsx'
import { reactServer } from './support/react-server.ts'

const html = startHtmlRendererForFile()

let likes = 0
const readLikes = cached(async () => likes, { tags: ['likes'], key: 'server-function-apis' })

/** The server functions of this test, as "use server" registers them. */
const functions: Record<string, () => Promise<unknown>> = {
  like: async () => {
    likes++
    updateTag('likes')
    return likes
  },
  refresh: async () => {
    refresh()
  },
  nothing: async () => undefined,
  replace: async () => redirect('/page' as Route, RedirectType.replace),
}

function handlerWith(modules: Modules) {
  const loadServerAction = async (id: string) =>
    Object.assign(functions[id.slice(id.indexOf('#') + 1)]!, {
      $$typeof: Symbol.for('react.server.reference'),
    })
  return makeHandler(html, modules, { react: { ...reactServer, loadServerAction } })
}

const page: Modules = {
  'layout.tsx': { default: RootLayout },
  'page/page.tsx': {
    default: async () => <p>{`Likes: ${await readLikes()}`}</p>,
  },
}

function call(name: string) {
  return new Request('http://app.test/page_.rsc', {
    method: 'POST',
    headers: { [HEADER_ACTION_ID]: `functions#${name}` },
    body: '[]',
  })
}

/** A route handler that calls updateTag() and answers what it threw. */
function updatingRoute(): Response {
  try {
    updateTag('likes')
    return new Response('updated')
  } catch (error) {
    return new Response((error as Error).message)
  }
}

describe('updateTag()', () => {
  it('in a server function: the page its answer carries shows the fresh data', async () => {
    const handler = handlerWith(page)
    const before = await handler(new Request('http://app.test/page_.rsc'))
    expect(await before.text()).toContain('Likes: 0')
    const answer = await handler(call('like'))
    expect(answer.status).toBe(200)
    expect(answer.headers.get(HEADER_REVALIDATED)).toBe('1')
    expect(await answer.text()).toContain('Likes: 1')
  })

  it('throws anywhere else: in a route handler, and outside any request', async () => {
    const handler = handlerWith({ 'api/route.ts': { GET: updatingRoute } })
    expect(await (await handler(new Request('http://app.test/api'))).text()).toBe(
      'updateTag() can only be called from a server function ("use server"). In a route handler or elsewhere, call revalidateTag() instead.',
    )
    expect(() => updateTag('likes')).toThrow(
      'updateTag() can only be called from a server function',
    )
  })
})

describe('refresh()', () => {
  it('in a server function: the answer tells the client to forget the pages it kept', async () => {
    const handler = handlerWith(page)
    const refreshed = await handler(call('refresh'))
    expect(refreshed.status).toBe(200)
    expect(refreshed.headers.get(HEADER_REVALIDATED)).toBe('1')
    const plain = await handler(call('nothing'))
    expect(plain.status).toBe(200)
    expect(plain.headers.get(HEADER_REVALIDATED)).toBeNull()
  })

  it('throws outside a server function', () => {
    expect(() => refresh()).toThrow('refresh() can only be called from a server function')
  })
})

describe('RedirectType', () => {
  it('is a value: a server function redirects with replace', async () => {
    expect(RedirectType).toEqual({ push: 'push', replace: 'replace' })
    const answer = await handlerWith(page)(call('replace'))
    expect(answer.status).toBe(200)
    expect(await answer.text()).toMatch(/"type":"replace"/)
  })
})
