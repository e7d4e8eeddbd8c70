// The checks that refuse a server function post before anything is decoded or run
// (src/framework/server/server-functions/guards.ts, docs/security.md): each on its own, with the status
// and the plain-text reason a client is given.
import { describe, expect, it } from 'vitest'
import { resolveConfig } from '../../src/framework/config.ts'
import {
  checkFunctionId,
  checkOrigin,
  loadRegisteredFunction,
  readLimitedBody,
} from '../../src/framework/server/server-functions/guards.ts'
import { parseRequest } from '../../src/framework/wire/protocol.ts'

const config = resolveConfig({ serverFunctions: { allowedOrigins: ['*.trusted.test'] } })

function post(headers: Record<string, string>, body?: BodyInit): Request {
  return new Request('http://app.test/_.rsc', { method: 'POST', headers, body })
}

/** checkOrigin() as the handler calls it: with the request parsed as `config` says. */
function originCheck(request: Request, options: typeof config): Response | null {
  return checkOrigin(request, parseRequest(request, options.trustProxy), options)
}

async function expectRefusal(refusal: Response | null, status: number, reason: string) {
  expect(refusal).toBeInstanceOf(Response)
  expect(refusal!.status).toBe(status)
  expect(refusal!.headers.get('content-type')).toMatch(/^text\/plain/)
  // The connection closes: what is left of the upload is never read as a next request.
  expect(refusal!.headers.get('connection')).toBe('close')
  expect(await refusal!.text()).toContain(reason)
}

describe('checkOrigin', () => {
  it('lets through a post with no Origin, the page’s own, or an allow-listed one', () => {
    expect(originCheck(post({}), config)).toBeNull()
    expect(originCheck(post({ origin: 'http://app.test' }), config)).toBeNull()
    expect(originCheck(post({ origin: 'https://a.trusted.test' }), config)).toBeNull()
  })

  it('refuses another origin, or one that is opaque, with 403', async () => {
    await expectRefusal(
      originCheck(post({ origin: 'https://evil.test' }), config),
      403,
      'origin evil.test does not match host app.test',
    )
    await expectRefusal(originCheck(post({ origin: 'null' }), config), 403, 'opaque or invalid')
  })

  it('takes X-Forwarded-Host as the host only behind a trusted proxy', async () => {
    const forwarded = post({ origin: 'https://public.test', 'x-forwarded-host': 'public.test' })
    await expectRefusal(originCheck(forwarded, config), 403, 'does not match host app.test')
    expect(originCheck(forwarded, resolveConfig({ trustProxy: true }))).toBeNull()
  })
})

describe('readLimitedBody', () => {
  const limited = resolveConfig({ serverFunctions: { bodySizeLimit: 10 } })

  it('returns a body within the limit', async () => {
    const body = await readLimitedBody(post({}, 'x'.repeat(10)), limited)
    expect(body).toBeInstanceOf(Uint8Array)
    expect(new TextDecoder().decode(body as Uint8Array)).toBe('x'.repeat(10))
  })

  it('refuses a body over the limit with 413, declared or streamed', async () => {
    await expectRefusal(
      (await readLimitedBody(post({}, 'x'.repeat(11)), limited)) as Response,
      413,
      'larger than 10 bytes (serverFunctions.bodySizeLimit)',
    )
    const streamed = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(new Uint8Array(6)) // no end: the check must stop reading
      },
    })
    const request = new Request('http://app.test/_.rsc', {
      method: 'POST',
      body: streamed,
      duplex: 'half',
    } as RequestInit)
    await expectRefusal((await readLimitedBody(request, limited)) as Response, 413, 'larger')
  })
})

describe('checkFunctionId', () => {
  it('accepts `<file id>#<export name>` and refuses anything else with 400', async () => {
    expect(checkFunctionId('src/actions.ts#save')).toBeNull()
    await expectRefusal(checkFunctionId('no hash here'), 400, 'Malformed server function id.')
    await expectRefusal(checkFunctionId('file#1export'), 400, 'Malformed server function id.')
  })
})

describe('loadRegisteredFunction', () => {
  const registered = Object.assign(async () => 'saved', {
    $$typeof: Symbol.for('react.server.reference'),
  })

  it('returns a function "use server" registered', async () => {
    expect(await loadRegisteredFunction(async () => registered, 'file#save')).toBe(registered)
  })

  it('answers 404 for an id of no module, or of an export that is not a server function', async () => {
    const gone = () => Promise.reject(new Error('no such module'))
    await expectRefusal(
      (await loadRegisteredFunction(gone, 'gone#save')) as Response,
      404,
      'Server function gone#save was not found',
    )
    const plain = async () => () => 'a page component'
    await expectRefusal(
      (await loadRegisteredFunction(plain, 'page#default')) as Response,
      404,
      'Server function page#default was not found',
    )
    await expectRefusal(
      (await loadRegisteredFunction(async () => Object, 'actions#constructor')) as Response,
      404,
      'Server function actions#constructor was not found',
    )
  })

  it('returns an inline function plugin-rsc hoisted, before its component rendered', async () => {
    // Marked only where its component renders: a prerendered page's never does in the server.
    const hoisted = async () => 'greeted'
    expect(await loadRegisteredFunction(async () => hoisted, 'page#$$hoist_0_greet')).toBe(hoisted)
    expect(await loadRegisteredFunction(async () => hoisted, 'page#$$hoist_12')).toBe(hoisted)
    await expectRefusal(
      (await loadRegisteredFunction(async () => hoisted, 'page#$$hoisted')) as Response,
      404,
      'was not found',
    )
  })
})
