// The server function settings given to `createRequestHandler(options)` (docs/security.md and
// 11, docs/configuration.md), on the built handler as an embedder mounts it: trustProxy (the
// first X-Forwarded-Host counts only then), and the limits, which override vite.config.ts's.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, test } from 'vitest'
import type { FrameworkOptions } from '../../src/framework/config.ts'
import { CONTENT_TYPE_TEXT } from '../../src/framework/wire/protocol.ts'
import {
  callServerFunction,
  clientServerFunctionId,
  DIST_DIR,
  type FetchHandler,
  payloadRoot,
  setupBuiltEntry,
} from './support/index.ts'

interface BuiltEntry {
  createRequestHandler: (options?: FrameworkOptions) => FetchHandler
}

const build = setupBuiltEntry<BuiltEntry>(['createRequestHandler'])

/** The host the embedding server listens on, behind a proxy that the public reaches. */
const INTERNAL = 'http://app.internal:3000'
const PUBLIC_HOST = 'notes.example.org'

let likeId = ''

beforeAll(async () => {
  // The id as the browser finds it: in the scripts the note page loads (served from dist/client).
  const html = await (
    await build.entry.createRequestHandler()(new Request(`${INTERNAL}/notes/1`))
  ).text()
  likeId = await clientServerFunctionId(html, 'likeNoteAction', async (path) =>
    readFileSync(join(DIST_DIR, 'client', path), 'utf8'),
  )
})

async function likesOf(handler: FetchHandler, id: string): Promise<number> {
  const html = (await (await handler(new Request(`${INTERNAL}/notes/${id}`))).text()).replaceAll(
    '<!-- -->',
    '',
  )
  const match = html.match(/♥ (\d+) likes?/)
  if (!match) throw new Error(`The page of note ${id} shows no like count.`)
  return Number(match[1])
}

/** A like of note `id` posted through a proxy that set `forwardedHost`, from `origin`. */
function likeThroughProxy(
  handler: FetchHandler,
  id: string,
  origin: string,
  forwardedHost?: string,
) {
  return callServerFunction(handler, INTERNAL, {
    pagePath: `/notes/${id}`,
    actionId: likeId,
    args: [id],
    headers: { origin, ...(forwardedHost ? { 'x-forwarded-host': forwardedHost } : {}) },
  })
}

describe('trustProxy', () => {
  test('off (the default): X-Forwarded-Host is ignored, so the public origin is refused', async () => {
    const handler = build.entry.createRequestHandler()
    const response = await likeThroughProxy(handler, '2', `https://${PUBLIC_HOST}`, PUBLIC_HOST)
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toBe(CONTENT_TYPE_TEXT)
    expect(await likesOf(handler, '2')).toBe(0)
  })

  test('off: a client cannot forge X-Forwarded-Host to pass the origin check', async () => {
    const handler = build.entry.createRequestHandler({ trustProxy: false })
    const response = await likeThroughProxy(handler, '2', 'https://evil.example', 'evil.example')
    expect(response.status).toBe(403)
    expect(await likesOf(handler, '2')).toBe(0)
  })

  test('on: the first X-Forwarded-Host is the request host, so the public origin is served', async () => {
    const handler = build.entry.createRequestHandler({ trustProxy: true })
    const response = await likeThroughProxy(
      handler,
      '3',
      `https://${PUBLIC_HOST}`,
      `${PUBLIC_HOST}, proxy.internal`,
    )
    expect(response.status).toBe(200)
    expect(payloadRoot(await response.text()).returnValue).toBe(1)
    expect(await likesOf(handler, '3')).toBe(1)
  })

  test('on: only the first X-Forwarded-Host counts, not a later one', async () => {
    const handler = build.entry.createRequestHandler({ trustProxy: true })
    const response = await likeThroughProxy(
      handler,
      '4',
      'https://evil.example',
      `${PUBLIC_HOST}, evil.example`,
    )
    expect(response.status).toBe(403)
    expect(await likesOf(handler, '4')).toBe(0)
  })

  test('on: the internal host no longer matches once a proxy names the public one', async () => {
    const handler = build.entry.createRequestHandler({ trustProxy: true })
    const response = await likeThroughProxy(handler, '4', INTERNAL, PUBLIC_HOST)
    expect(response.status).toBe(403)
    expect(await likesOf(handler, '4')).toBe(0)
  })

  test('on, without X-Forwarded-Host: the Host counts, as without a proxy', async () => {
    const handler = build.entry.createRequestHandler({ trustProxy: true })
    const response = await likeThroughProxy(handler, '5', INTERNAL)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await likesOf(handler, '5')).toBe(1)
  })
})

describe('limits and allow-list given to createRequestHandler()', () => {
  test('bodySizeLimit: a smaller limit refuses what the default accepts', async () => {
    const handler = build.entry.createRequestHandler({ serverFunctions: { bodySizeLimit: 100 } })
    const call = (body: string) =>
      callServerFunction(handler, INTERNAL, { pagePath: '/notes/6', actionId: likeId, body })
    const padded = JSON.stringify(['6', 'x'.repeat(100)])
    const refused = await call(padded)
    expect(refused.status).toBe(413)
    expect(await refused.text()).toContain('100 bytes')
    const accepted = await call('["6"]')
    expect(accepted.status).toBe(200)
    await accepted.arrayBuffer()
    // The default limit (1 MB) takes the same body.
    const byDefault = await callServerFunction(build.entry.createRequestHandler(), INTERNAL, {
      pagePath: '/notes/6',
      actionId: likeId,
      body: padded,
    })
    expect(byDefault.status).toBe(200)
    await byDefault.arrayBuffer()
  })

  test('maxArguments: a smaller limit refuses more arguments', async () => {
    const handler = build.entry.createRequestHandler({ serverFunctions: { maxArguments: 2 } })
    const three = await callServerFunction(handler, INTERNAL, {
      pagePath: '/notes/7',
      actionId: likeId,
      args: ['7', 'b', 'c'],
    })
    expect(three.status).toBe(400)
    await three.arrayBuffer()
    const two = await callServerFunction(handler, INTERNAL, {
      pagePath: '/notes/7',
      actionId: likeId,
      args: ['7', 'b'],
    })
    expect(two.status).toBe(200)
    await two.arrayBuffer()
  })

  test('allowedOrigins: the options replace the list built from vite.config.ts', async () => {
    const handler = build.entry.createRequestHandler({
      serverFunctions: { allowedOrigins: ['partner.example:8443'] },
    })
    const partner = await likeThroughProxy(handler, '8', 'https://partner.example:8443')
    expect(partner.status).toBe(200)
    await partner.arrayBuffer()
    const otherPort = await likeThroughProxy(handler, '8', 'https://partner.example')
    expect(otherPort.status).toBe(403)
    // vite.config.ts allows *.notebook.example; these options replaced that list.
    const configured = await likeThroughProxy(handler, '8', 'https://app.notebook.example')
    expect(configured.status).toBe(403)
    expect(await likesOf(handler, '8')).toBe(1)
    // The handler without options keeps vite.config.ts's list.
    const built = await likeThroughProxy(
      build.entry.createRequestHandler(),
      '8',
      'https://app.notebook.example',
    )
    expect(built.status).toBe(200)
    await built.arrayBuffer()
  })
})
