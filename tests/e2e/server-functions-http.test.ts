// The server function endpoint over plain HTTP (docs/security.md), against the
// production server: a call answers one payload with the return value and the page; posts from
// another origin, oversized bodies, unknown ids and malformed bodies are refused with plain text
// before the function runs, and none of them stops the server from serving the next request.
import { Agent } from 'node:http'
import { beforeAll, describe, expect, test } from 'vitest'
import {
  CONTENT_TYPE_PAYLOAD,
  CONTENT_TYPE_TEXT,
  HEADER_ACTION_ID,
} from '../../src/framework/wire/protocol.ts'
import {
  callServerFunction,
  clientServerFunctionId,
  encodeFormData,
  formBody,
  formWith,
  payloadPathOf,
  payloadRoot,
  residentBytes,
  scriptFromServer,
  send,
  setupProductionServer,
  streamLargeBody,
} from './support/index.ts'

const app = setupProductionServer()

const MB = 1024 * 1024

/** Ids the way a client finds them: the like button's in the page's scripts, the rest in forms. */
const ids = { like: '', delete: '' }

beforeAll(async () => {
  const notePage = await getText('/notes/1')
  ids.like = await clientServerFunctionId(notePage, 'likeNoteAction', scriptFromServer(app.url))
  ids.delete = formWith(notePage, 'Delete note').actionIds[0]!
})

async function getText(path: string): Promise<string> {
  const response = await fetch(app.url + path)
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
  return response.text()
}

function call(options: Parameters<typeof callServerFunction>[2]): Promise<Response> {
  return callServerFunction(fetch, app.url, options)
}

/** The like count the note's page shows (its static page is re-rendered after a like). */
async function likesOf(id: string): Promise<number> {
  const html = (await getText(`/notes/${id}`)).replaceAll('<!-- -->', '')
  const match = html.match(/♥ (\d+) likes?/)
  if (!match) throw new Error(`The page of note ${id} shows no like count.`)
  return Number(match[1])
}

/** A refusal: the status, plain text, and the message (returned for further checks). */
async function expectRefused(response: Response, status: number): Promise<string> {
  const text = await response.text()
  expect(response.status, text).toBe(status)
  expect(response.headers.get('content-type')).toBe(CONTENT_TYPE_TEXT)
  return text.trim()
}

/** The server still serves a page and still runs a server function. */
async function expectServerServes(): Promise<void> {
  expect(app.server.process.hasExited).toBe(false)
  const page = await fetch(`${app.url}/about`)
  expect(page.status).toBe(200)
  expect(await page.text()).toContain('<h1>About</h1>')
  const before = await likesOf('50')
  const liked = await call({ pagePath: '/notes/50', actionId: ids.like, args: ['50'] })
  expect(liked.status).toBe(200)
  expect(payloadRoot(await liked.text()).returnValue).toBe(before + 1)
}

describe('a call', () => {
  test('answers one text/x-component payload with the return value and the re-rendered page', async () => {
    expect(ids.like).toMatch(/#likeNoteAction$/)
    const response = await call({ pagePath: '/notes/2', actionId: ids.like, args: ['2'] })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(new RegExp(`^${CONTENT_TYPE_PAYLOAD}`))
    const text = await response.text()
    const root = payloadRoot(text)
    expect(root.returnValue).toBe(1)
    expect(root.url).toBe('/notes/2')
    expect(root.redirect).toBeUndefined()
    // The page in the same answer already shows the new count.
    expect(text).toContain('Note id: ')
    expect(text).toContain('"likes":1')
    expect(await likesOf('2')).toBe(1)
  })

  test('a redirect() answers the target page in the same payload, with its history mode', async () => {
    // The delete redirects with RedirectType.replace (src/routes/notes/actions.ts).
    const response = await call({ pagePath: '/notes/9', actionId: ids.delete, args: ['9'] })
    expect(response.status).toBe(200)
    const root = payloadRoot(await response.text())
    expect(root.redirect).toEqual({ url: '/notes', status: 307, type: 'replace', document: false })
    expect(root.url).toBe('/notes')
    expect((await fetch(`${app.url}/notes/9`)).status).toBe(404)
  })

  test('a request without an Origin header (not a browser) is served', async () => {
    const before = await likesOf('3')
    const response = await call({ pagePath: '/notes/3', actionId: ids.like, args: ['3'] })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await likesOf('3')).toBe(before + 1)
  })

  test('the same-origin Origin header is served', async () => {
    const before = await likesOf('3')
    const response = await call({
      pagePath: '/notes/3',
      actionId: ids.like,
      args: ['3'],
      headers: { origin: app.url },
    })
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await likesOf('3')).toBe(before + 1)
  })
})

describe('origin check', () => {
  test('a cross-origin Origin is refused with 403 and the function does not run', async () => {
    const before = await likesOf('4')
    const response = await call({
      pagePath: '/notes/4',
      actionId: ids.like,
      args: ['4'],
      headers: { origin: 'https://evil.example' },
    })
    const message = await expectRefused(response, 403)
    expect(message).toContain('evil.example')
    expect(await likesOf('4')).toBe(before)
    await expectServerServes()
  })

  test('the same host on another port is another origin: 403', async () => {
    const { hostname } = new URL(app.url)
    const response = await call({
      pagePath: '/notes/4',
      actionId: ids.like,
      args: ['4'],
      headers: { origin: `http://${hostname}:1` },
    })
    await expectRefused(response, 403)
    expect(await likesOf('4')).toBe(0)
  })

  test('Origin: null is refused with 403 and the function does not run', async () => {
    const response = await call({
      pagePath: '/notes/4',
      actionId: ids.like,
      args: ['4'],
      headers: { origin: 'null' },
    })
    await expectRefused(response, 403)
    expect(await likesOf('4')).toBe(0)
    await expectServerServes()
  })

  test('a cross-origin form post (no JavaScript) is refused with 403 and creates nothing', async () => {
    const form = formWith(await getText('/notes/new'), 'Create note')
    const response = await fetch(`${app.url}/notes/new`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: formBody(form, { title: 'Forged from elsewhere', body: '', tags: '' }),
      redirect: 'manual',
    })
    await expectRefused(response, 403)
    expect(await getText('/notes')).not.toContain('Forged from elsewhere')
    await expectServerServes()
  })

  test('an origin of the allow-list in vite.config.ts (*.notebook.example) is served', async () => {
    const before = await likesOf('5')
    const response = await call({
      pagePath: '/notes/5',
      actionId: ids.like,
      args: ['5'],
      headers: { origin: 'https://app.notebook.example' },
    })
    expect(response.status).toBe(200)
    expect(payloadRoot(await response.text()).returnValue).toBe(before + 1)
    expect(await likesOf('5')).toBe(before + 1)
  })

  test.each([
    'https://a.b.notebook.example',
    'https://notebook.example',
    'https://app.notebook.example.evil.example',
  ])('%s matches no allow-list entry (`*` is one label): 403', async (origin) => {
    const before = await likesOf('6')
    const response = await call({
      pagePath: '/notes/6',
      actionId: ids.like,
      args: ['6'],
      headers: { origin },
    })
    await expectRefused(response, 403)
    expect(await likesOf('6')).toBe(before)
  })
})

describe('body size limit (1 MB)', () => {
  test('1 MB + 1 byte is refused with 413; 1 MB exactly is read (and then found malformed)', async () => {
    const over = await send(app.url + payloadPathOf('/notes/7'), {
      method: 'POST',
      headers: { [HEADER_ACTION_ID]: ids.like },
      body: 'a'.repeat(MB + 1),
    })
    expect(over.status, over.body).toBe(413)
    expect(over.headers['content-type']).toBe(CONTENT_TYPE_TEXT)
    expect(over.body).toContain(String(MB))
    // The limit is inclusive: a body of exactly 1 MB gets as far as decoding.
    const atLimit = await call({ pagePath: '/notes/7', actionId: ids.like, body: 'a'.repeat(MB) })
    await expectRefused(atLimit, 400)
    expect(await likesOf('7')).toBe(0)
    await expectServerServes()
  })

  test('a no-JS form post over 1 MB is refused with 413 and creates nothing', async () => {
    const form = formWith(await getText('/notes/new'), 'Create note')
    const { body, contentType } = await encodeFormData(
      formBody(form, { title: 'Too long to read', body: 'x'.repeat(MB), tags: '' }),
    )
    const response = await send(`${app.url}/notes/new`, {
      method: 'POST',
      headers: { 'content-type': contentType },
      body,
    })
    expect(response.status, response.body).toBe(413)
    expect(response.headers['content-type']).toBe(CONTENT_TYPE_TEXT)
    expect(await getText('/notes')).not.toContain('Too long to read')
    await expectServerServes()
  })

  test.each([
    ['413, a body over the limit', {}, MB + 1, 413],
    ['403, another origin', { origin: 'https://evil.example' }, 256 * 1024, 403],
    ['400, a malformed id', { [HEADER_ACTION_ID]: 'not an id' }, 256 * 1024, 400],
  ] as const)(
    "after a refusal (%s), the client's next request on the same keep-alive connection is served",
    async (_, headers, size, status) => {
      // Browsers and Node's fetch reuse connections. A refused body that the server leaves unread
      // must not leave the connection stuck: the server either reads past it or closes the
      // connection (Connection: close), and the client's next request goes through either way.
      const agent = new Agent({ keepAlive: true, maxSockets: 1 })
      try {
        const refused = await send(app.url + payloadPathOf('/notes/7'), {
          method: 'POST',
          headers: { [HEADER_ACTION_ID]: ids.like, ...headers },
          body: 'a'.repeat(size),
          agent,
        })
        expect(refused.status).toBe(status)
        const next = await send(`${app.url}/about`, { agent })
        expect(next.status).toBe(200)
        expect(next.body).toContain('<h1>About</h1>')
      } finally {
        agent.destroy()
      }
    },
  )

  test('a 50 MB body streamed in chunks is refused with 413 while it streams; memory stays flat', async () => {
    const pid = app.server.process.pid
    const url = app.url + payloadPathOf('/notes/8')
    const headers = { [HEADER_ACTION_ID]: ids.like }
    // Warm up the refusal path (its code loaded), with a body just over the limit.
    const warmUp = await streamLargeBody(url, headers, {
      totalBytes: 2 * MB,
      pauseAfterBytes: 2 * MB,
    })
    expect(warmUp.status).toBe(413)

    const baseline = residentBytes(pid)
    const result = await streamLargeBody(url, headers, {
      totalBytes: 50 * MB,
      // Decided while streaming: the answer comes while the body is still open at 2 MB.
      pauseAfterBytes: 2 * MB,
      sample: () => residentBytes(pid),
    })
    expect(result.status, result.response).toBe(413)
    expect(result.response).toMatch(/content-type: text\/plain/i)
    expect(result.sentBeforeAnswer).toBe(2 * MB)
    // The client then pushed the rest of the 50 MB (or the server hung up on it): either way
    // the server did not keep it. Half the body is the bound: a server that kept the body grows
    // by all of it, while the garbage collector's timing on a busy machine moves the resident
    // size by a few megabytes either way.
    const growth = result.peakSample - baseline
    expect(growth, `RSS grew by ${(growth / MB).toFixed(1)} MB`).toBeLessThan(25 * MB)
    expect(await likesOf('8')).toBe(0)
    await expectServerServes()
  })
})

describe('function id', () => {
  test.each([
    ['an unknown module', 'feedface0000#likeNoteAction'],
    ['an unknown export of a known module', 'KNOWN#noSuchFunction'],
  ])('%s: 404, text/plain, naming the id and another deployment', async (_, idPattern) => {
    const actionId = idPattern.replace('KNOWN', ids.like.split('#')[0]!)
    const response = await call({ pagePath: '/notes/10', actionId, args: ['10'] })
    const message = await expectRefused(response, 404)
    expect(message).toContain(actionId)
    expect(message).toMatch(/another deployment/)
    await expectServerServes()
  })

  test('a no-JS form naming an unknown function: 404, text/plain, another deployment', async () => {
    const body = new FormData()
    body.append('$ACTION_ID_feedface0000#interruptFormAction', '')
    body.append('kind', 'none')
    const response = await fetch(`${app.url}/lab/actions`, {
      method: 'POST',
      body,
      redirect: 'manual',
    })
    expect(await expectRefused(response, 404)).toMatch(/another deployment/)
    await expectServerServes()
  })

  test.each([
    ['its function reference', '$ACTION_1:0', '{"id":'],
    ['its bound arguments', '$ACTION_1:1', '[{"values":'],
  ])(
    'a no-JS form whose React encoding is malformed (%s): 400, text/plain',
    async (_, name, broken) => {
      const form = formWith(await getText('/notes/new'), 'Create note')
      const hidden = form.hidden.map(([key, value]): [string, string] => [
        key,
        key === name ? broken : value,
      ])
      const response = await fetch(`${app.url}/notes/new`, {
        method: 'POST',
        body: formBody({ ...form, hidden }, { title: 'Malformed post', body: '', tags: '' }),
        redirect: 'manual',
      })
      await expectRefused(response, 400)
      expect(await getText('/notes')).not.toContain('Malformed post')
      await expectServerServes()
    },
  )

  test.each([
    ['empty', ''],
    ['without an export name', 'feedface0000'],
    ['with a space', 'feed face#likeNoteAction'],
    ['with an invalid export name', 'feedface0000#1like'],
    ['too long', `${'f'.repeat(600)}#likeNoteAction`],
  ])('a malformed id (%s): 400, text/plain', async (_, actionId) => {
    const response = await call({ pagePath: '/notes/10', actionId, args: ['10'] })
    await expectRefused(response, 400)
    expect(await likesOf('10')).toBe(0)
    await expectServerServes()
  })
})

describe('arguments', () => {
  test.each([
    ['text that is not a reply encoding', 'garbage{{'],
    ['invalid UTF-8', new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d])],
  ])('a garbage body (%s): 400, text/plain, the function does not run', async (_, body) => {
    const response = await call({ pagePath: '/notes/11', actionId: ids.like, body })
    await expectRefused(response, 400)
    expect(await likesOf('11')).toBe(0)
    await expectServerServes()
  })

  test('a garbage multipart body: 400', async () => {
    const response = await call({
      pagePath: '/notes/11',
      actionId: ids.like,
      body: 'not multipart at all',
      headers: { 'content-type': 'multipart/form-data; boundary=----nothing' },
    })
    await expectRefused(response, 400)
    expect(await likesOf('11')).toBe(0)
    await expectServerServes()
  })

  test('a reply that is not a list of arguments: 400', async () => {
    const response = await call({ pagePath: '/notes/11', actionId: ids.like, body: '{"id":"11"}' })
    await expectRefused(response, 400)
    expect(await likesOf('11')).toBe(0)
  })

  test('1,001 arguments: 400, the function does not run; 1,000 are accepted', async () => {
    const tooMany = Array.from({ length: 1001 }, () => '12')
    const refused = await call({ pagePath: '/notes/12', actionId: ids.like, args: tooMany })
    expect(await expectRefused(refused, 400)).toMatch(/1000/)
    expect(await likesOf('12')).toBe(0)

    const accepted = await call({
      pagePath: '/notes/12',
      actionId: ids.like,
      args: tooMany.slice(1),
    })
    expect(accepted.status).toBe(200)
    expect(payloadRoot(await accepted.text()).returnValue).toBe(1)
    await expectServerServes()
  })
})

describe('other posts', () => {
  test('a POST to a payload URL without a function id: 405 with Allow', async () => {
    const response = await fetch(`${app.url}/notes/13_.rsc`, { method: 'POST', body: '[]' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET, HEAD, POST')
    await response.arrayBuffer()
  })

  test('a POST to a page that is not a form encoding: 405', async () => {
    const response = await fetch(`${app.url}/notes/13`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    })
    await expectRefused(response, 405)
  })

  test('a form post without a server function: 405', async () => {
    const body = new FormData()
    body.append('title', 'No action')
    const response = await fetch(`${app.url}/notes/new`, { method: 'POST', body })
    await expectRefused(response, 405)
    await expectServerServes()
  })
})
