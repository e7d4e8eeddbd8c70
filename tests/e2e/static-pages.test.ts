// Static pages over HTTP (contract sections 8 and 10): a route whose complete render read no
// cookies, headers or search params is rendered once and served from memory, with an ETag (a
// matching If-None-Match answers 304), until data it showed is revalidated. Its payload says
// `x-rsc-route-kind: static`; a dynamic route's says `dynamic`, and a prefetch of it gets 204.
// /lab/static shows a new random render id each time it is rendered.
import { describe, expect, test } from 'vitest'
import {
  HEADER_BUILD_ID,
  HEADER_PREFETCH,
  HEADER_ROUTE_KIND,
} from '../../src/framework/wire/protocol.ts'
import { payloadPathOf, setupProductionServer } from './support/index.ts'

// The last test changes the notes: this file's server starts from the seeded 50 notes.
const app = setupProductionServer()

const REQUESTS = 20

interface Answer {
  status: number
  etag: string | null
  kind: string | null
  cacheControl: string | null
  body: string
}

async function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(app.url + path, { headers })
  return {
    status: response.status,
    etag: response.headers.get('etag'),
    kind: response.headers.get(HEADER_ROUTE_KIND),
    cacheControl: response.headers.get('cache-control'),
    body: await response.text(),
  }
}

async function getTimes(path: string, times = REQUESTS): Promise<Answer[]> {
  const answers: Answer[] = []
  for (let i = 0; i < times; i++) answers.push(await get(path))
  return answers
}

/** The render id /lab/static shows (in its HTML and in its payload). */
function renderId(body: string): string {
  const match = body.match(/Render ([0-9a-f-]{36})/)
  if (!match) throw new Error(`No render id in:\n${body.slice(0, 500)}`)
  return match[1]!
}

const unique = <T>(values: T[]) => [...new Set(values)]

describe('a static page is rendered once and served from memory', () => {
  test(`${REQUESTS} requests for /lab/static get one render: the same body and ETag, document and payload`, async () => {
    const documents = await getTimes('/lab/static')
    const payloads = await getTimes(payloadPathOf('/lab/static'))

    for (const answers of [documents, payloads]) {
      expect(unique(answers.map((a) => a.status))).toEqual([200])
      expect(unique(answers.map((a) => a.body))).toHaveLength(1)
      expect(unique(answers.map((a) => a.etag))).toHaveLength(1)
      expect(answers[0]!.etag).toMatch(/^"[^"]+"$/)
      // Caches may keep it, but must ask again: the ETag makes that a cheap 304.
      expect(answers[0]!.cacheControl).toBe('no-cache')
    }
    // One render made both: the HTML is rendered from the payload kept in memory.
    expect(renderId(documents[0]!.body)).toBe(renderId(payloads[0]!.body))
    expect(documents[0]!.etag).not.toBe(payloads[0]!.etag)
    expect(unique(payloads.map((a) => a.kind))).toEqual(['static'])
  })

  test.each(['/', '/notes', '/notes/7', '/tags', '/about', '/docs/getting-started'])(
    `%s: ${REQUESTS} payload requests get the same body and ETag, marked static`,
    async (path) => {
      const answers = await getTimes(payloadPathOf(path))
      expect(unique(answers.map((a) => a.status))).toEqual([200])
      expect(unique(answers.map((a) => a.kind))).toEqual(['static'])
      expect(unique(answers.map((a) => a.etag))).toHaveLength(1)
      expect(unique(answers.map((a) => a.body))).toHaveLength(1)
    },
  )

  test(`${REQUESTS} concurrent first requests for a page not in memory share one render`, async () => {
    // /lab/static/slow/burst has not been requested yet (its route is known to be static by now)
    // and takes 500 ms to render: the requests arrive together, as after a deploy or after
    // popular data was revalidated. One render should answer them all, with one ETag.
    const path = payloadPathOf('/lab/static/slow/burst')
    const answers = await Promise.all(Array.from({ length: REQUESTS }, () => get(path)))
    expect(unique(answers.map((a) => a.status))).toEqual([200])
    expect(unique(answers.map((a) => renderId(a.body)))).toHaveLength(1)
    expect(unique(answers.map((a) => a.etag))).toHaveLength(1)
  })
})

test("a client that disconnects during a static page's render leaves no broken page behind", async () => {
  // Five pages not rendered yet, each taking 500 ms to render; each client gives up once the
  // server logged that its render started, mid-render. (Where the render was when it was cut
  // off varies; five make sure.)
  const paths = [1, 2, 3, 4, 5].map((n) => `/lab/static/slow/disconnect-${n}`)
  const server = app.server.process
  const from = server.output.length
  await Promise.all(
    paths.map(async (path) => {
      const controller = new AbortController()
      const request = fetch(app.url + payloadPathOf(path), { signal: controller.signal })
      await server.waitForLine(new RegExp(`^\\[lab\\] rendering ${path}$`), 15_000, from)
      controller.abort()
      await expect(request).rejects.toThrow()
      // The render goes on to its end: the page it makes is kept for the next visitors.
    }),
  )

  // The next visitors get the pages, not what the aborted renders had produced.
  for (const path of paths) {
    const payload = await get(payloadPathOf(path))
    expect(payload.status, path).toBe(200)
    expect(payload.body, path).toContain('Rendered once, served from memory')
    expect(payload.body, path).not.toMatch(/^[0-9a-f]+:E\{/m) // no error row
    const document = await get(path)
    expect(document.status, path).toBe(200)
    expect(document.body, path).toContain('Rendered once, served from memory')
  }
})

describe('If-None-Match', () => {
  test.each([
    ['document', '/notes/7'],
    ['payload', payloadPathOf('/notes/7')],
  ])('a matching ETag answers 304 with no body for the %s', async (_what, path) => {
    const { etag, body } = await get(path)
    expect(etag).toBeTruthy()
    expect(body.length).toBeGreaterThan(0)

    const notModified = await get(path, { 'if-none-match': etag! })
    expect(notModified.status).toBe(304)
    expect(notModified.body).toBe('')
    expect(notModified.etag).toBe(etag)

    // One of several ETags, as a cache holding more than one version asks.
    const listed = await get(path, { 'if-none-match': `"older", ${etag}` })
    expect(listed.status).toBe(304)

    const other = await get(path, { 'if-none-match': '"another-version"' })
    expect(other.status).toBe(200)
    expect(other.body).toBe(body)
  })
})

describe('dynamic routes are rendered per request', () => {
  test.each([
    ['/stats', "exports dynamic = 'force-dynamic'"],
    ['/account', 'reads cookies()'],
    ['/sign-in', 'awaits searchParams'],
  ])(
    '%s (%s): its payload says dynamic, has no ETag, and a prefetch of it gets 204',
    async (path) => {
      const payload = await get(payloadPathOf(path))
      expect(payload.status).toBe(200)
      expect(payload.kind).toBe('dynamic')
      expect(payload.etag).toBeNull()

      // Now the server knows it is dynamic: a prefetch gets no body (it could not be reused).
      const response = await fetch(app.url + payloadPathOf(path), {
        headers: { [HEADER_PREFETCH]: '1' },
      })
      expect(response.status).toBe(204)
      expect(response.headers.get(HEADER_ROUTE_KIND)).toBe('dynamic')
      expect(response.headers.get(HEADER_BUILD_ID)).toBeTruthy()
      expect(await response.text()).toBe('')

      const document = await get(path)
      expect(document.etag).toBeNull()
    },
  )

  test('a page that awaits searchParams (/sign-in) renders each query: ?next= is not shared', async () => {
    const first = await get('/sign-in?next=/notes/3')
    expect(first.body).toContain('name="next" value="/notes/3"')
    // Another visitor, sent here from /account: after signing in, they must go to /account.
    const second = await get('/sign-in?next=/account')
    expect(second.body).toContain('name="next" value="/account"')
    const payload = await get(`${payloadPathOf('/sign-in')}?next=/tags`)
    expect(payload.body).toContain('/tags')
    expect(payload.kind).toBe('dynamic')
  })

  test('a static route is prefetched with its payload, not 204', async () => {
    const response = await fetch(app.url + payloadPathOf('/about'), {
      headers: { [HEADER_PREFETCH]: '1' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get(HEADER_ROUTE_KIND)).toBe('static')
    expect(await response.text()).toContain('About')
  })
})

/** Decodes the entities React writes in attribute values. */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

/**
 * Creates a note as a browser without JavaScript would: it posts the server-rendered form of
 * /notes/new (its hidden fields name the server function, createNoteAction, which calls
 * revalidateTag('notes')). Resolves with the new note's path.
 */
async function createNoteWithoutJavaScript(title: string): Promise<string> {
  const html = await (await fetch(`${app.url}/notes/new`)).text()
  const form = html.match(/<form class="note-form"[^>]*>([\s\S]*?)<\/form>/)?.[1]
  if (!form) throw new Error('No note form on /notes/new')
  const data = new FormData()
  for (const [input] of form.matchAll(/<input [^>]*>/g)) {
    const attributes = Object.fromEntries(
      [...input.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, name, value]) => [
        name!,
        decodeAttribute(value!),
      ]),
    )
    if (attributes.type === 'hidden' && attributes.name) {
      data.append(attributes.name, attributes.value ?? '')
    }
  }
  data.append('title', title)
  data.append('body', 'Posted without JavaScript.')
  data.append('tags', '')
  const response = await fetch(`${app.url}/notes/new`, {
    method: 'POST',
    body: data,
    redirect: 'manual',
  })
  expect(response.status).toBe(303)
  return new URL(response.headers.get('location')!, app.url).pathname
}

test('after a server function revalidates the notes, static pages render again: new ETag and data, then stable', async () => {
  const before = await get('/lab/static')
  const listingBefore = await get(payloadPathOf('/notes'))
  expect(before.body).toContain('50 notes')
  expect((await get('/lab/static', { 'if-none-match': before.etag! })).status).toBe(304)

  const title = 'Note 51: posted without JavaScript'
  expect(await createNoteWithoutJavaScript(title)).toBe('/notes/51')

  // The page showed cached() data tagged `notes`: it is rendered again, once.
  const after = await getTimes('/lab/static')
  expect(after[0]!.body).toContain('51 notes')
  expect(renderId(after[0]!.body)).not.toBe(renderId(before.body))
  expect(after[0]!.etag).not.toBe(before.etag)
  expect(unique(after.map((a) => a.etag))).toEqual([after[0]!.etag])
  expect(unique(after.map((a) => renderId(a.body)))).toHaveLength(1)
  // A cache holding the old version gets the new one, not a 304.
  const revalidated = await get('/lab/static', { 'if-none-match': before.etag! })
  expect(revalidated.status).toBe(200)
  expect(revalidated.body).toBe(after[0]!.body)

  // The same for the listing's payload and document, and the new note's own page.
  const listing = await get(payloadPathOf('/notes'))
  expect(listing.kind).toBe('static')
  expect(listing.etag).not.toBe(listingBefore.etag)
  expect(listing.body).toContain(title)
  expect((await get('/notes')).body).toContain(title)
  const note = await get(payloadPathOf('/notes/51'))
  expect(note.kind).toBe('static')
  expect(note.body).toContain(title)
})
