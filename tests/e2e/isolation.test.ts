// Isolation (docs/security.md, issue 7 item 5): under concurrent load no request sees
// another's data. Signed in as two users (separate cookie jars) and signed out, 200 requests
// over 20 concurrent clients: each /account and /admin answer shows only its own user. The same
// for a request header read with headers() (/lab/echo, also after the shell, and through
// cached() keyed by it), and nothing cached — static pages, cached() entries — carries one
// request's data to another.
import { beforeAll, expect, test } from 'vitest'
import { signIn } from './support/client-calls.ts'
import { mapConcurrently, setupProductionServer } from './support/index.ts'

const app = setupProductionServer()

interface Visitor {
  name: string
  role?: string
  /** `session=…`, or none for a signed-out visitor. */
  cookie?: string
}

let visitors: Visitor[]

beforeAll(async () => {
  visitors = [
    { name: 'reader', role: 'member', cookie: await signIn(app.url, 'reader', 'reader-pass') },
    { name: 'admin', role: 'admin', cookie: await signIn(app.url, 'admin', 'admin-pass') },
    { name: 'nobody' },
  ]
})

/**
 * The users an answer says are signed in: from the HTML (`Signed in as <!-- -->reader…`), the
 * payload (`"Signed in as ","reader"`) or the payload inlined in the HTML (`\"reader\"`).
 */
function usersShown(body: string): string[] {
  const html = [...body.matchAll(/Signed in as (?:<!-- -->)?(\w+)/g)].map((m) => m[1]!)
  const payload = [...body.matchAll(/Signed in as \\?",\\?"(\w+)\\?"/g)].map((m) => m[1]!)
  return [...html, ...payload]
}

const CONCURRENCY = 20
const REQUESTS = 200

test('/account and /admin under 200 concurrent requests from three cookie jars: each answer shows only its own user', async () => {
  const paths = ['/account', '/account_.rsc', '/admin', '/admin_.rsc']
  // The first requests for these routes are in the burst: their first render (which decides
  // whether a route is static) runs concurrently for different users too.
  const plan = Array.from({ length: REQUESTS }, (_, i) => ({
    visitor: visitors[i % visitors.length]!,
    path: paths[Math.floor(i / visitors.length) % paths.length]!,
  }))
  const answers = await mapConcurrently(plan, CONCURRENCY, async ({ visitor, path }) => {
    const response = await fetch(app.url + path, {
      headers: visitor.cookie ? { cookie: visitor.cookie } : {},
    })
    return { visitor, path, status: response.status, body: await response.text() }
  })

  const wrong: string[] = []
  for (const { visitor, path, status, body } of answers) {
    const where = `${visitor.name} ${path}`
    const shown = usersShown(body)
    const account = path.startsWith('/account')
    const signedIn = visitor.cookie !== undefined
    if (shown.some((name) => name !== visitor.name)) wrong.push(`${where} shows ${shown}`)
    if (account && signedIn && !shown.includes(visitor.name)) wrong.push(`${where} shows no user`)
    if (account && signedIn && !body.includes(visitor.role!)) wrong.push(`${where} without role`)
    for (const other of visitors) {
      const token = other.cookie?.split('=')[1]
      if (token && body.includes(token)) wrong.push(`${where} contains ${other.name}'s session`)
    }
    const adminData = body.includes('admin-summary')
    if (adminData !== (visitor.name === 'admin' && path.startsWith('/admin'))) {
      wrong.push(`${where}: ${adminData ? 'shows' : 'lacks'} the admin summary`)
    }
    // Documents answer with the status of the screen; payloads are 200 with it in the stream.
    const expected = path.endsWith('_.rsc')
      ? 200
      : !signedIn
        ? 401
        : account || visitor.name === 'admin'
          ? 200
          : 403
    if (status !== expected) wrong.push(`${where}: status ${status}, expected ${expected}`)
  }
  expect(wrong).toEqual([])
  expect(answers).toHaveLength(REQUESTS)
})

test('a request header read with headers() (also after the shell, and through cached()) never reaches another request', async () => {
  const run = Date.now().toString(36)
  const plan = Array.from({ length: REQUESTS }, (_, i) => ({
    id: `tid-${run}-${i}`,
    path: i % 2 === 0 ? '/lab/echo' : '/lab/echo_.rsc',
  }))
  const answers = await mapConcurrently(plan, CONCURRENCY, async ({ id, path }) => {
    const response = await fetch(app.url + path, { headers: { 'x-test-id': id } })
    return { id, path, status: response.status, body: await response.text() }
  })
  const wrong: string[] = []
  for (const { id, path, status, body } of answers) {
    const ids = [...body.matchAll(/tid-[a-z0-9]+-\d+/g)].map((m) => m[0])
    const others = [...new Set(ids.filter((seen) => seen !== id))]
    if (status !== 200) wrong.push(`${path} ${id}: status ${status}`)
    if (others.length) wrong.push(`${path} ${id} shows ${others.join(', ')}`)
    // Read directly, through cached() (`visitor <id>`) and after the shell: three at least.
    if (ids.length < 3) wrong.push(`${path} ${id} shows its id ${ids.length} times`)
    if (!body.includes(`visitor ${id}`)) wrong.push(`${path} ${id}: no cached value of its own`)
  }
  expect(wrong).toEqual([])
})

test('nothing cached carries one request’s data to another', async () => {
  // The pages that read cookies or headers were never stored as static pages: their payloads
  // are dynamic and come without an ETag, and a signed-out visitor after all the signed-in
  // renders gets the 401 screen, not a kept page.
  for (const path of ['/account_.rsc', '/admin_.rsc', '/lab/echo_.rsc']) {
    const response = await fetch(app.url + path, {
      headers: { cookie: visitors[0]!.cookie!, 'x-test-id': 'tid-cache-1' },
    })
    await response.arrayBuffer()
    expect(response.headers.get('x-rsc-route-kind'), path).toBe('dynamic')
    expect(response.headers.get('etag'), path).toBeNull()
  }
  const signedOut = await fetch(`${app.url}/account`)
  expect(signedOut.status).toBe(401)
  expect(usersShown(await signedOut.text())).toEqual([])

  // A static page is the same bytes for everyone, whoever asked first: it shows no user.
  const [asReader, asAdmin, asNobody] = await Promise.all(
    visitors.map(async (visitor) => {
      const response = await fetch(`${app.url}/notes`, {
        headers: visitor.cookie ? { cookie: visitor.cookie } : {},
      })
      return { etag: response.headers.get('etag'), body: await response.text() }
    }),
  )
  expect(asReader!.etag).not.toBeNull()
  expect(new Set([asReader!.etag, asAdmin!.etag, asNobody!.etag]).size).toBe(1)
  for (const { body } of [asReader!, asAdmin!, asNobody!]) expect(usersShown(body)).toEqual([])

  // cached() keyed by the header: a new value gets its own entry, an old one its old entry.
  for (const id of ['tid-cache-2', 'tid-cache-1']) {
    const response = await fetch(`${app.url}/lab/echo_.rsc`, { headers: { 'x-test-id': id } })
    const body = await response.text()
    expect(body).toContain(`visitor ${id}`)
    expect([...body.matchAll(/tid-cache-\d/g)].every((m) => m[0] === id)).toBe(true)
  }
})
