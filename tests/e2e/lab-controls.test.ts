// The lab's controls that change server state are the admin's (docs/security.md, "The lab"):
// the production build serves the lab, so an anonymous visitor gets 401 and a signed-in member
// (`reader`) 403 from draft mode (the route and the server function) and from every route that
// revalidates, and nothing changes for them; the admin gets what the lab promises.
import { beforeAll, describe, expect, test } from 'vitest'
import { COOKIE_DRAFT_MODE } from '../../src/framework/wire/protocol.ts'
import { callServerFunction } from './support/client-calls.ts'
import { ACCOUNTS, formWith, setupProductionServer, signInOverHttp } from './support/index.ts'

const app = setupProductionServer()

const sessions: { reader: string; admin: string } = { reader: '', admin: '' }

beforeAll(async () => {
  sessions.reader = await signInOverHttp(app.url, ACCOUNTS.member)
  sessions.admin = await signInOverHttp(app.url, ACCOUNTS.admin)
})

/** Who tries, with the status they are refused with. */
const REFUSED = [
  ['an anonymous visitor', 'anonymous', 401],
  ['the reader', 'reader', 403],
] as const
type Visitor = 'anonymous' | 'reader' | 'admin'

const cookieOf = (visitor: Visitor): Record<string, string> =>
  visitor === 'anonymous' ? {} : { cookie: sessions[visitor] }

/** The id of previewDrafts(), from the form of /lab/draft that posts to it. */
async function previewDraftsId(): Promise<string> {
  const form = formWith(await (await fetch(`${app.url}/lab/draft`)).text(), 'Preview drafts')
  return form.actionIds[0]!
}

const draftCookieOf = (response: Response) =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${COOKIE_DRAFT_MODE}=`))

/** The render id of a static page: it changes only when the page is rendered again. */
async function renderIdOf(path: string): Promise<string> {
  const body = await (await fetch(app.url + path)).text()
  const id = /"renderId":"([0-9a-f-]{36})"|Render ([0-9a-f-]{36})/.exec(body)
  if (!id) throw new Error(`No render id in ${path}:\n${body.slice(0, 300)}`)
  return (id[1] ?? id[2])!
}

describe('draft mode', () => {
  test.each(REFUSED)('%s cannot turn it on at /lab/draft/mode', async (_who, visitor, status) => {
    const response = await fetch(`${app.url}/lab/draft/mode?on=1`, { headers: cookieOf(visitor) })
    expect(response.status).toBe(status)
    expect(draftCookieOf(response)).toBeUndefined()
  })

  test.each(REFUSED)('%s cannot turn it on with the server function', async (_who, visitor) => {
    const id = await previewDraftsId()
    const response = await callServerFunction(app.url, '/lab/draft', id, [], cookieOf(visitor))
    await response.arrayBuffer()
    expect(draftCookieOf(response)).toBeUndefined()
  })

  test('the admin can, with the route and with the server function', async () => {
    const route = await fetch(`${app.url}/lab/draft/mode?on=1`, { headers: cookieOf('admin') })
    expect(route.status).toBe(200)
    expect(draftCookieOf(route)).toBeDefined()
    const id = await previewDraftsId()
    const call = await callServerFunction(app.url, '/lab/draft', id, [], cookieOf('admin'))
    await call.arrayBuffer()
    expect(draftCookieOf(call)).toBeDefined()
  })
})

describe('revalidation', () => {
  /** Each route that revalidates, with the static page it makes render again. */
  const CONTROLS = [
    ['/lab/cluster/revalidate?what=path', '/lab/cluster'],
    ['/lab/prerender/revalidate?path=/lab/cluster', '/lab/cluster'],
    ['/lab/static-route/epsilon', '/lab/static-route/epsilon'],
  ] as const

  test.each(CONTROLS)(
    'POST %s: refused to the anonymous and the reader, done for the admin',
    async (control, page) => {
      const before = await renderIdOf(page)
      expect(await renderIdOf(page)).toBe(before) // served from memory
      for (const [who, visitor, status] of REFUSED) {
        const response = await fetch(app.url + control, {
          method: 'POST',
          headers: cookieOf(visitor),
        })
        expect(response.status, who).toBe(status)
        expect(await renderIdOf(page), who).toBe(before)
      }
      const done = await fetch(app.url + control, { method: 'POST', headers: cookieOf('admin') })
      expect(done.status).toBeLessThan(300)
      expect(await renderIdOf(page)).not.toBe(before)
    },
  )
})

describe('"use cache"', () => {
  /** The time /lab/use-cache's cached component shows, and the id of its revalidate button. */
  async function stamp(): Promise<{ time: string; revalidateId: string }> {
    const html = await (await fetch(`${app.url}/lab/use-cache`)).text()
    const time = /cached at ([^<]+)</.exec(html)?.[1]
    if (!time) throw new Error(`No cached time in /lab/use-cache:\n${html.slice(0, 300)}`)
    return { time, revalidateId: formWith(html, 'Revalidate the stamp').actionIds[0]! }
  }

  test('revalidating the stamp: refused to the anonymous and the reader, done for the admin', async () => {
    const before = await stamp()
    for (const [who, visitor] of REFUSED) {
      const id = before.revalidateId
      const response = await callServerFunction(
        app.url,
        '/lab/use-cache',
        id,
        [],
        cookieOf(visitor),
      )
      await response.arrayBuffer()
      expect((await stamp()).time, who).toBe(before.time)
    }
    const done = await callServerFunction(
      app.url,
      '/lab/use-cache',
      before.revalidateId,
      [],
      cookieOf('admin'),
    )
    await done.arrayBuffer()
    expect((await stamp()).time).not.toBe(before.time)
  })
})
