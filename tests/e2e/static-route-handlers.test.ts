// Static route handlers (docs/routing.md, "Static route handlers"): a route.ts whose GET exports
// `dynamic = 'force-static'`, `revalidate = N` or generateStaticParams() is answered once per path,
// from no request data, and served from memory with an ETag until it is revalidated. Fixtures:
// src/routes/(lab)/lab/static-route/; its POST and draft mode are the admin's (docs/security.md,
// "The lab"), so the tests that use them sign in as the admin.
import { beforeAll, expect, test } from 'vitest'
import { ACCOUNTS, serverTarget, setupProductionServer, signInOverHttp } from './support/index.ts'

const app = setupProductionServer()

/**
 * The origin kept answers are made against (docs/configuration.md, `origin`): `npm start`'s own
 * address; a Worker with no ORIGIN var knows none, and names `http://localhost`.
 */
const keptOrigin = () => (serverTarget() === 'workers' ? 'http://localhost' : app.url)

/** The admin's `session=…` cookie. */
let admin = ''
beforeAll(async () => {
  admin = await signInOverHttp(app.url, ACCOUNTS.admin)
})

interface Seen {
  name: string
  renderId: string
  url: string
  requestCookie: string | null
  cookies: unknown[]
  userAgent: string | null
}

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(app.url + path, { headers })
  return { response, body: response.status === 200 ? ((await response.json()) as Seen) : null }
}

test('a force-static GET is produced once, sees no request data, and is served with an ETag', async () => {
  const first = await get('/lab/static-route/alpha?visitor=secret', {
    cookie: 'session=visitor-a',
    'user-agent': 'visitor-a-agent',
  })
  expect(first.response.status).toBe(200)
  expect(first.body).toMatchObject({
    name: 'alpha',
    url: `${keptOrigin()}/lab/static-route/alpha`,
    requestCookie: null,
    cookies: [],
    userAgent: null,
  })
  const etag = first.response.headers.get('etag')
  expect(etag).toMatch(/^"/)
  expect(first.response.headers.get('cache-control')).not.toContain('private')

  const second = await get('/lab/static-route/alpha', { cookie: 'session=visitor-b' })
  expect(second.body?.renderId).toBe(first.body?.renderId)
  expect(second.response.headers.get('etag')).toBe(etag)

  const revalidatedByEtag = await fetch(`${app.url}/lab/static-route/alpha`, {
    headers: { 'if-none-match': etag! },
  })
  expect(revalidatedByEtag.status).toBe(304)

  // Another path of the same route is a page of its own.
  const other = await get('/lab/static-route/beta')
  expect(other.body?.name).toBe('beta')
  expect(other.body?.renderId).not.toBe(first.body?.renderId)
})

test('revalidatePath() makes the next GET produce the answer again', async () => {
  const before = await get('/lab/static-route/gamma')
  expect((await get('/lab/static-route/gamma')).body?.renderId).toBe(before.body?.renderId)
  const post = await fetch(`${app.url}/lab/static-route/gamma`, {
    method: 'POST',
    headers: { cookie: admin },
  })
  expect(post.status).toBe(204)
  const after = await get('/lab/static-route/gamma')
  expect(after.body?.renderId).not.toBe(before.body?.renderId)
  expect(after.response.headers.get('etag')).not.toBe(before.response.headers.get('etag'))
})

test('generateStaticParams() makes GET static; dynamicParams = false answers 404 for other ids', async () => {
  const one = await get('/lab/static-route/listed/one')
  expect(one.response.status).toBe(200)
  expect((await get('/lab/static-route/listed/one')).body?.renderId).toBe(one.body?.renderId)
  expect(one.response.headers.get('etag')).toMatch(/^"/)
  expect((await get('/lab/static-route/listed/three')).response.status).toBe(404)
})

test('revalidate = N: the same answer until it is N seconds old, then a new one', async () => {
  const first = await get('/lab/static-route/timed')
  expect((await get('/lab/static-route/timed')).body?.renderId).toBe(first.body?.renderId)
  // Polls until the answer changes; the test's own timeout bounds the wait.
  let next = first
  while (next.body?.renderId === first.body?.renderId) {
    await new Promise((resolve) => setTimeout(resolve, 200))
    next = await get('/lab/static-route/timed')
  }
  expect(next.response.status).toBe(200)
})

test('a GET handler without such an export stays per request', async () => {
  const response = await fetch(`${app.url}/api/notes`)
  expect(response.status).toBe(200)
  expect(response.headers.get('etag')).toBeNull()
})

test('with draft mode on, a static GET runs for the request and is not stored', async () => {
  const before = await get('/lab/static-route/delta')
  const enabled = await fetch(`${app.url}/lab/draft/mode?on=1`, { headers: { cookie: admin } })
  const cookie = enabled.headers.getSetCookie()[0]!.split(';')[0]!
  const draft = await get('/lab/static-route/delta', { cookie })
  expect(draft.body?.renderId).not.toBe(before.body?.renderId)
  expect(draft.response.headers.get('etag')).toBeNull()
  expect((await get('/lab/static-route/delta')).body?.renderId).toBe(before.body?.renderId)
})
