// Pages render with React's Node stream APIs, which are faster on Node than its Web stream ones
// (bench/README.md, floors (c) and (d)). Their bodies still travel in standard Responses, so the
// Fetch handler stays a Fetch handler, on Node and on Workers (whose nodejs_compat has node:stream)
// alike; the Node listener (node/listener.ts) takes the Node stream back and pipes it to the
// socket. Anyone else reads a Web stream that draws on it lazily.
import { PassThrough, Readable } from 'node:stream'
import { ReadableStream as NodeReadableStream } from 'node:stream/web'

/**
 * A Readable, or React's renderToPipeableStream() as reactBody() gives it: piped once, into a
 * Writable. React piped into the socket writes there with no stream in between.
 */
export interface NodeBody {
  pipe<Destination extends NodeJS.WritableStream>(destination: Destination): Destination
}

/**
 * A Response that also holds its body as a Node stream. On the Response itself, not in a
 * module-level WeakMap: V8's minor garbage collections keep alive whatever an old WeakMap's
 * values point to, so each render outlived the next minor collection and was copied into the
 * old generation, which cost every request more garbage collection.
 */
class NodeBodyResponse extends Response {
  nodeBody: NodeBody

  constructor(web: ReadableStream<Uint8Array>, init: ResponseInit, body: NodeBody) {
    super(web, init)
    this.nodeBody = body
  }
}

async function* chunksOf(body: () => NodeBody): AsyncGenerator<Uint8Array> {
  yield* body().pipe(new PassThrough())
}

export function responseFromNodeStream(body: NodeBody, init: ResponseInit): Response {
  // A generator's body runs at its first next(): the Node body, as wrapNodeBody() may have
  // wrapped it by then, is piped only if the Web stream is read.
  const web = NodeReadableStream.from(
    chunksOf(() => response.nodeBody),
  ) as ReadableStream<Uint8Array>
  const response = new NodeBodyResponse(web, init, body)
  return response
}

type DestinationEvent = 'drain' | 'error' | 'close'

/** The part of a Writable that React's pipe() uses. */
interface PipeDestination {
  /** React writes its pieces of 4 KiB, and a long string as it is. */
  write(chunk: Uint8Array | string): boolean
  end(): void
  flush(): void
  destroy(error?: Error): void
  on(event: DestinationEvent, listener: () => void): PipeDestination
}

/**
 * React's pipe() (renderToPipeableStream()) as a Node body. React is given a stand-in for each
 * destination: it writes through to the destination, and it keeps React's listeners itself,
 * dropping them, and the render with them, once React has ended or destroyed it. Handed the
 * destination itself, React left its listeners on it, and a Node response that compression had
 * wrapped kept each render alive past the next minor collection.
 */
export function reactBody(pipe: (destination: NodeJS.WritableStream) => unknown): NodeBody {
  return {
    pipe(destination) {
      // React uses only what PipeDestination declares.
      pipe(standIn(destination) as unknown as NodeJS.WritableStream)
      return destination
    },
  }
}

function standIn(destination: NodeJS.WritableStream): PipeDestination {
  let listeners: [DestinationEvent, () => void][] | null = []
  let listeningForDrain = false
  const emit = (event: DestinationEvent) => {
    for (const [name, listener] of listeners ?? []) if (name === event) listener()
  }
  const release = () => {
    listeners = null
  }
  // Closed or failed before React ended it: React stops rendering.
  destination.once('close', () => {
    emit('close')
    release()
  })
  // on(), not once(): a second error must not go unhandled (it would stop the process).
  destination.on('error', () => {
    emit('error')
    release()
  })
  const target = destination as NodeJS.WritableStream & { flush?: unknown }
  const self: PipeDestination = {
    write(chunk) {
      const ready = destination.write(chunk)
      if (!ready && !listeningForDrain) {
        // One listener, kept: compression hands a response's 'drain' listeners to its encoder,
        // from which once() cannot remove them, so they would pile up.
        listeningForDrain = true
        destination.on('drain', () => emit('drain'))
      }
      return ready
    },
    end() {
      release()
      destination.end()
    },
    // compression's: sends what its encoder holds, so a streamed boundary reaches the browser.
    flush() {
      if (typeof target.flush === 'function') target.flush()
    },
    destroy(error) {
      release()
      destroy(destination, error)
    },
    on(event, listener) {
      listeners?.push([event, listener])
      return self
    },
  }
  return self
}

/** Whether `response` was made by responseFromNodeStream() and its body is still unread. */
function hasUnreadNodeBody(response: Response): response is NodeBodyResponse {
  return response instanceof NodeBodyResponse && !response.bodyUsed
}

/** The Node body behind a response made by responseFromNodeStream(), unless it was read. */
export function nodeBodyOf(response: Response): NodeBody | undefined {
  return hasUnreadNodeBody(response) ? response.nodeBody : undefined
}

/**
 * Replaces the unread Node body of `response` with `wrap(body)`, for the Node listener and a Web
 * reader alike; false if it has none. No second Response (and Web stream) is made for it.
 */
export function wrapNodeBody(response: Response, wrap: (body: NodeBody) => NodeBody): boolean {
  if (!hasUnreadNodeBody(response)) return false
  response.nodeBody = wrap(response.nodeBody)
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

function destroy(stream: NodeJS.WritableStream, error?: Error) {
  if ('destroy' in stream && typeof stream.destroy === 'function') stream.destroy(error)
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
