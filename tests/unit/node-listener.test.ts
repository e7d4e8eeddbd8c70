// Responses with Node stream bodies (wire/node-body.ts): piped straight to the socket by the
// Node listener, read as ordinary Web streams by anyone else.
import { createServer, type Server } from 'node:http'
import { type AddressInfo, connect } from 'node:net'
import { PassThrough, Writable } from 'node:stream'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { createElement } from 'react'
import { renderToPipeableStream } from 'react-dom/server.node'
import { afterEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { createNodeRequestListener } from '../../src/framework/node/listener.ts'
import {
  type NodeBody,
  nodeBodyOf,
  reactBody,
  readableOf,
  responseFromNodeStream,
} from '../../src/framework/wire/node-body.ts'

const text = new TextEncoder()

/** A body as React's renderToPipeableStream gives it: a pipe() that writes on its own. */
function pipeable(chunks: string[]): NodeBody & { piped: number } {
  const body = {
    piped: 0,
    pipe<Destination extends NodeJS.WritableStream>(destination: Destination): Destination {
      body.piped++
      for (const chunk of chunks) destination.write(text.encode(chunk))
      destination.end()
      return destination
    },
  }
  return body
}

let server: Server | undefined
afterEach(async () => {
  server?.closeAllConnections()
  await new Promise((resolve) => server?.close(resolve) ?? resolve(undefined))
  server = undefined
})

async function serve(handler: (request: Request) => Promise<Response>): Promise<string> {
  server = createServer(createNodeRequestListener(handler))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('responseFromNodeStream', () => {
  test('reads as a Web stream, and pipes the body only when read', async () => {
    const body = pipeable(['<p>', 'hello', '</p>'])
    const response = responseFromNodeStream(body, { status: 201 })
    expect(body.piped).toBe(0)
    expect(response.status).toBe(201)
    expect(await response.text()).toBe('<p>hello</p>')
    expect(body.piped).toBe(1)
    expect(nodeBodyOf(response), 'a body already read is not handed out again').toBeUndefined()
  })

  test('hands its Node body to the Node side while unread', () => {
    const body = readableOf(text.encode('x'))
    expect(nodeBodyOf(responseFromNodeStream(body, {}))).toBe(body)
    expect(nodeBodyOf(new Response('x'))).toBeUndefined()
  })
})

/** A full collection, for checking what a reference keeps alive. */
function collectGarbage(): void {
  setFlagsFromString('--expose-gc')
  ;(runInNewContext('gc') as () => void)()
}

type Listen = (event: string, listener: () => void) => unknown

describe('reactBody', () => {
  test("renders React's pipe into the destination through a stand-in", async () => {
    const { pipe } = renderToPipeableStream(createElement('p', null, 'hello'))
    const destination = new PassThrough()
    expect(reactBody(pipe).pipe(destination)).toBe(destination)
    expect(String(await destination.toArray())).toBe('<p>hello</p>')
  })

  test('passes on the long strings React writes as they are, among its pieces', async () => {
    const long = 'é'.repeat(3000) // React writes a string this long without copying it
    const { pipe } = renderToPipeableStream(
      createElement('div', null, createElement('p', null, 'a'), createElement('p', null, long)),
    )
    const destination = new PassThrough()
    reactBody(pipe).pipe(destination)
    expect(Buffer.concat(await destination.toArray()).toString()).toBe(
      `<div><p>a</p><p>${long}</p></div>`,
    )
  })

  test('passes writes, flush and the end through, and drain while the destination is full', () => {
    const written: string[] = []
    let flushed = 0
    let drained = 0
    const destination = Object.assign(
      new Writable({
        highWaterMark: 4,
        write(chunk, _, done) {
          written.push(String(chunk))
          done()
        },
      }),
      { flush: () => flushed++ },
    )
    destination.cork() // writes wait, so the buffer fills
    reactBody((standIn) => {
      expect(standIn.write(text.encode('12345')), 'over the high-water mark').toBe(false)
      ;(standIn as unknown as { flush(): void }).flush()
      expect(flushed).toBe(1)
      // React goes on writing once the destination has drained.
      ;(standIn.on as Listen)('drain', () => {
        drained++
        standIn.end()
      })
      destination.uncork()
    }).pipe(destination)
    return new Promise<void>((resolve) =>
      destination.on('finish', () => {
        expect(written).toEqual(['12345'])
        expect(drained).toBe(1)
        resolve()
      }),
    )
  })

  test('tells React when the destination closes before the end, and forwards destroy()', () => {
    const closed = new PassThrough()
    let cancelled = 0
    reactBody((standIn) => (standIn.on as Listen)('close', () => cancelled++)).pipe(closed)
    closed.destroy()
    return new Promise<void>((resolve) =>
      closed.on('close', () => {
        expect(cancelled).toBe(1)
        const failed = new PassThrough()
        const error = new Error('render failed')
        failed.on('error', (reason) => {
          expect(reason).toBe(error)
          resolve()
        })
        reactBody((standIn) =>
          (standIn as unknown as { destroy(error: Error): void }).destroy(error),
        ).pipe(failed)
      }),
    )
  })

  test("lets go of React's listeners once React has ended it, while the destination lives", async () => {
    const destination = new PassThrough({ autoDestroy: false }) // closes when the test says
    destination.resume()
    let render: WeakRef<object> | undefined
    let cancelled = 0
    reactBody((standIn) => {
      const request = {} // what React's listeners close over: its whole render
      render = new WeakRef(request)
      ;(standIn.on as Listen)('close', () => {
        if (request) cancelled++
      })
      standIn.end()
    }).pipe(destination)
    await new Promise((resolve) => setImmediate(resolve)) // WeakRefs hold until the job ends
    collectGarbage()
    expect(render?.deref(), 'the render is collectable').toBeUndefined()
    destination.destroy()
    await new Promise((resolve) => destination.on('close', resolve))
    expect(cancelled, 'a close after the end cancels nothing').toBe(0)
  })
})

describe('createNodeRequestListener', () => {
  test('sends a Node body with its status and every Set-Cookie header', async () => {
    const origin = await serve(async () => {
      const headers = new Headers({ 'content-type': 'text/html' })
      headers.append('set-cookie', 'a=1; Path=/')
      headers.append('set-cookie', 'b=2; Path=/; HttpOnly')
      return responseFromNodeStream(pipeable(['<p>', 'streamed', '</p>']), { status: 404, headers })
    })
    const response = await fetch(`${origin}/page`)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toBe('text/html')
    expect(response.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/; HttpOnly'])
    expect(await response.text()).toBe('<p>streamed</p>')
  })

  test('sends a Readable body, answers HEAD without one, and other responses as they are', async () => {
    const origin = await serve(async (request) => {
      const path = new URL(request.url).pathname
      if (path === '/plain') return new Response('plain body', { headers: { 'x-kind': 'plain' } })
      const stream = new PassThrough()
      setTimeout(() => stream.end('late part'), 10)
      stream.write('early part, ')
      return responseFromNodeStream(stream, { headers: { 'x-kind': 'node' } })
    })
    const streamed = await fetch(`${origin}/streamed`)
    expect(streamed.headers.get('x-kind')).toBe('node')
    expect(await streamed.text()).toBe('early part, late part')

    const head = await fetch(`${origin}/streamed`, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('x-kind')).toBe('node')
    expect(await head.text()).toBe('')

    const plain = await fetch(`${origin}/plain`)
    expect(plain.headers.get('x-kind')).toBe('plain')
    expect(await plain.text()).toBe('plain body')
  })
})

/** Sends `head` (request line and headers) as written, and resolves with the status line. */
function sendRawHead(origin: string, head: string): Promise<string> {
  const { port } = new URL(origin)
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\n\r\n`))
    socket.once('data', (data) => {
      resolve(data.toString('latin1').split('\r\n', 1)[0]!)
      socket.destroy()
    })
    socket.once('error', reject)
  })
}

describe('the Request the handler is given', () => {
  test('has the URL, method, headers and body of the Node request', async () => {
    const origin = await serve(async (request) => {
      const { pathname, search, host } = new URL(request.url)
      const seen = {
        url: pathname + search,
        host,
        method: request.method,
        header: request.headers.get('x-note'),
        body: await request.text(),
        isRequest: request instanceof Request,
      }
      return Response.json(seen)
    })
    const answer = await fetch(`${origin}/notes/3?tab=edit`, {
      method: 'POST',
      headers: { 'x-note': 'three' },
      body: 'the body',
    })
    expect(await answer.json()).toEqual({
      url: '/notes/3?tab=edit',
      host: new URL(origin).host,
      method: 'POST',
      header: 'three',
      body: 'the body',
      isRequest: true,
    })
  })

  test('its signal aborts when the client leaves before the answer, not after a whole one', async () => {
    const signals: AbortSignal[] = []
    let left!: () => void
    const clientLeft = new Promise<void>((resolve) => {
      left = resolve
    })
    const origin = await serve(async (request) => {
      signals.push(request.signal)
      if (new URL(request.url).pathname === '/slow') {
        request.signal.addEventListener('abort', () => left(), { once: true })
        await clientLeft
      }
      return new Response('done')
    })
    expect(await (await fetch(`${origin}/fast`)).text()).toBe('done')
    const controller = new AbortController()
    const slow = fetch(`${origin}/slow`, { signal: controller.signal }).catch(() => 'cancelled')
    await vi.waitFor(() => expect(signals).toHaveLength(2))
    controller.abort()
    expect(await slow).toBe('cancelled')
    await clientLeft
    expect(signals[1]!.aborted).toBe(true)
    expect(signals[0]!.aborted).toBe(false)
  })

  test.each([
    ['a forbidden method (TRACE)', 'TRACE / HTTP/1.1\r\nHost: localhost'],
    ['a Host that is not a host', 'GET / HTTP/1.1\r\nHost: bad host'],
  ])('%s is answered 400, and the handler is not called', async (_, head) => {
    let calls = 0
    const origin = await serve(async () => {
      calls++
      return new Response('fine')
    })
    expect(await sendRawHead(origin, head)).toMatch(/^HTTP\/1\.1 400\b/)
    expect(calls).toBe(0)
  })
})

describe('createNodeRequestListener when answering fails', () => {
  /** Serves `handler` and spies on the log; every failure must be logged, none may escape. */
  async function serveFailing(handler: (request: Request) => Promise<Response>) {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    onTestFinished(() => log.mockRestore())
    const origin = await serve(handler)
    const logged = () => log.mock.calls.map((args) => args.join(' ')).join('\n')
    return { origin, logged }
  }

  test.each([
    ['rejects with an Error', () => Promise.reject(new Error('handler exploded'))],
    ['rejects with a string', () => Promise.reject('a rejected string')],
    ['resolves with undefined', async () => undefined as unknown as Response],
    ['resolves with null', async () => null as unknown as Response],
    ['resolves with a plain object', async () => ({ status: 200 }) as unknown as Response],
  ])(
    'a handler that %s: 500 with a digest, logged, and the next request is served',
    async (_, bad) => {
      let calls = 0
      const { origin, logged } = await serveFailing(async (request) => {
        calls++
        return new URL(request.url).pathname === '/ok' ? new Response('fine') : bad()
      })
      const response = await fetch(`${origin}/bad`)
      expect(response.status).toBe(500)
      const digest = (await response.text()).match(/^Internal Server Error \(digest (\d+)\)$/m)?.[1]
      expect(digest).toBeDefined()
      expect(logged()).toContain(`[server error] digest=${digest}`)
      const next = await fetch(`${origin}/ok`)
      expect(await next.text()).toBe('fine')
      expect(calls).toBe(2)
    },
  )

  test('a Node body that fails once its headers are sent: the socket is destroyed, and logged', async () => {
    const { origin, logged } = await serveFailing(async (request) => {
      if (new URL(request.url).pathname === '/ok') return new Response('fine')
      const body: NodeBody = {
        pipe() {
          throw new Error('pipe failed after the head')
        },
      }
      return responseFromNodeStream(body, { status: 200, headers: { 'x-kind': 'node' } })
    })
    // The head went out, so the status cannot change any more: the answer is cut off.
    await expect(fetch(`${origin}/bad`).then((response) => response.text())).rejects.toThrow()
    expect(logged()).toContain('pipe failed after the head')
    expect(await (await fetch(`${origin}/ok`)).text()).toBe('fine')
  })

  test('a Web body that fails midway: the socket is destroyed, and the next request is served', async () => {
    const { origin } = await serveFailing(async (request) => {
      if (new URL(request.url).pathname === '/ok') return new Response('fine')
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(text.encode('part one, '))
          setTimeout(() => controller.error(new Error('body failed midway')), 10)
        },
      })
      return new Response(body)
    })
    await expect(fetch(`${origin}/bad`).then((response) => response.text())).rejects.toThrow()
    expect(await (await fetch(`${origin}/ok`)).text()).toBe('fine')
  })
})
