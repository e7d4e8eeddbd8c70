// Pages render with React's Node stream APIs, which are faster on Node than its Web stream ones
// (bench/README.md, "Optimisations"). Their bodies still travel in standard Responses, so the
// Fetch handler stays a Fetch handler; but the Node listener (node/listener.ts) takes the Node
// stream back and pipes it to the socket. Anyone else reads a Web stream that draws on it lazily.
import { PassThrough, Readable } from 'node:stream'
import { ReadableStream as NodeReadableStream } from 'node:stream/web'

/**
 * A Readable, or what React's renderToPipeableStream() returns: piped once, into a Writable.
 * React piped straight into the socket writes there with no stream in between.
 */
export interface NodeBody {
  pipe<Destination extends NodeJS.WritableStream>(destination: Destination): Destination
}

const nodeBodies = new WeakMap<Response, NodeBody>()

async function* chunksOf(body: () => NodeBody): AsyncGenerator<Uint8Array> {
  yield* body().pipe(new PassThrough())
}

export function responseFromNodeStream(body: NodeBody, init: ResponseInit): Response {
  // A generator's body runs at its first next(): the Node body, as watchNodeBody() may have
  // wrapped it by then, is piped only if the Web stream is read.
  const web = NodeReadableStream.from(
    chunksOf(() => nodeBodies.get(response) ?? body),
  ) as ReadableStream<Uint8Array>
  const response = new Response(web, init)
  nodeBodies.set(response, body)
  return response
}

/** The Node body behind a response made by responseFromNodeStream(), unless it was read. */
export function nodeBodyOf(response: Response): NodeBody | undefined {
  return response.bodyUsed ? undefined : nodeBodies.get(response)
}

/**
 * Replaces the unread Node body of `response` with `wrap(body)`, for the Node listener and a Web
 * reader alike; false if it has none. No second Response (and Web stream) is made for it.
 */
export function wrapNodeBody(response: Response, wrap: (body: NodeBody) => NodeBody): boolean {
  const body = nodeBodyOf(response)
  if (!body) return false
  nodeBodies.set(response, wrap(body))
  return true
}

/**
 * Pipes `body` into `destination`. A Readable that fails destroys the destination (the response
 * ends as it is, cut), and a destination closed first destroys the Readable; React's own pipe
 * does both itself. What pipeline() does, with a third of the listeners on the response.
 */
export function pipeBody<Destination extends NodeJS.WritableStream>(
  body: NodeBody,
  destination: Destination,
): Destination {
  if (!(body instanceof Readable)) return body.pipe(destination)
  body.on('error', () => destroy(destination))
  // A write after the end, say: the response is cut all the same; nothing to throw.
  destination.on('error', () => destroy(destination))
  destination.once('close', () => {
    if (!body.readableEnded) body.destroy()
  })
  return body.pipe(destination)
}

function destroy(stream: NodeJS.WritableStream) {
  if ('destroy' in stream && typeof stream.destroy === 'function') stream.destroy()
}

/** Reads a body nobody needs, so that its render runs to its end. */
export function discardBody(body: NodeBody) {
  ;(body instanceof Readable ? body : body.pipe(new PassThrough())).resume()
}

export function readableOf(bytes: Uint8Array): Readable {
  return new PassThrough().end(bytes)
}

export async function readAll(body: NodeBody): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = await body.pipe(new PassThrough()).toArray()
  return new Uint8Array(Buffer.concat(chunks))
}
