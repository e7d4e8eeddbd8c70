// Responses with Node stream bodies (node-stream-body.ts): piped straight to the socket by the
// Node listener, read as ordinary Web streams by anyone else.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { PassThrough } from 'node:stream'
import { afterEach, describe, expect, test } from 'vitest'
import { createNodeRequestListener } from '../../src/framework/node-listener.ts'
import {
  type NodeBody,
  nodeBodyOf,
  readableOf,
  responseFromNodeStream,
} from '../../src/framework/node-stream-body.ts'

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
