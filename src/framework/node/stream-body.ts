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

async function* chunksOf(body: NodeBody): AsyncGenerator<Uint8Array> {
  yield* body.pipe(new PassThrough())
}

export function responseFromNodeStream(body: NodeBody, init: ResponseInit): Response {
  // A generator's body runs at its first next(): `body` is piped only if the Web stream is read.
  const web = NodeReadableStream.from(chunksOf(body)) as ReadableStream<Uint8Array>
  const response = new Response(web, init)
  nodeBodies.set(response, body)
  return response
}

/** The Node body behind a response made by responseFromNodeStream(), unless it was read. */
export function nodeBodyOf(response: Response): NodeBody | undefined {
  return response.bodyUsed ? undefined : nodeBodies.get(response)
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
