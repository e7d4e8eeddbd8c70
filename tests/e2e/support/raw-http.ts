// HTTP/1.1 as bytes on a TCP socket, for requests that `fetch` and `node:http` refuse to send:
// invalid or repeated headers, raw request targets (`/../x`, `%zz`), odd methods. One request
// per connection (`Connection: close` is the caller's to add), read until the server closes it.
import { connect } from 'node:net'
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib'

export interface RawResponse {
  status: number
  /** Header names in lower case; repeated headers joined with ", ". */
  headers: Record<string, string>
  /** The body with chunked transfer coding and content coding removed. */
  body: Buffer
  /** Everything the server sent, as received. */
  raw: Buffer
}

export interface RawRequestOptions {
  /** How long to wait for the server to answer and close the connection. Default 20 s. */
  timeoutMs?: number
}

/** Thrown when the connection closed (or timed out) without a complete status line. */
export class NoResponseError extends Error {}

/**
 * Sends `request` (a whole request: request line, headers, blank line, body) to `origin` and
 * resolves with the response once the server has closed the connection.
 */
export function sendRaw(
  origin: string,
  request: string | Buffer,
  options: RawRequestOptions = {},
): Promise<RawResponse> {
  const { hostname, port } = new URL(origin)
  const timeoutMs = options.timeoutMs ?? 20_000
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = connect(Number(port), hostname)
    const timer = setTimeout(() => {
      socket.destroy()
      reject(new NoResponseError(`No complete response within ${timeoutMs} ms.`))
    }, timeoutMs)
    socket.on('connect', () => socket.write(request))
    socket.on('data', (data: Buffer) => chunks.push(data))
    // The server may answer and close before reading the whole request (413, 431): a reset
    // after a response is still that response.
    socket.on('error', () => {})
    socket.on('close', () => {
      clearTimeout(timer)
      const raw = Buffer.concat(chunks)
      try {
        resolve(parseResponse(raw))
      } catch (error) {
        reject(error)
      }
    })
  })
}

export function parseResponse(raw: Buffer): RawResponse {
  // Interim answers (`100 Continue` to `Expect: 100-continue`) come before the response.
  while (/^HTTP\/1\.[01] 1\d\d /.test(raw.subarray(0, 13).toString('latin1'))) {
    const end = raw.indexOf('\r\n\r\n')
    if (end < 0) break
    raw = raw.subarray(end + 4)
  }
  const headEnd = raw.indexOf('\r\n\r\n')
  if (headEnd < 0) {
    throw new NoResponseError(
      `The connection closed without a complete response (${raw.length} bytes: ${JSON.stringify(raw.subarray(0, 200).toString('latin1'))}).`,
    )
  }
  const [statusLine = '', ...lines] = raw.subarray(0, headEnd).toString('latin1').split('\r\n')
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1])
  if (!Number.isInteger(status)) throw new NoResponseError(`Not a status line: ${statusLine}`)
  const headers: Record<string, string> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon <= 0) continue
    const name = line.slice(0, colon).trim().toLowerCase()
    const value = line.slice(colon + 1).trim()
    headers[name] = headers[name] === undefined ? value : `${headers[name]}, ${value}`
  }
  let body = raw.subarray(headEnd + 4)
  if (/\bchunked\b/i.test(headers['transfer-encoding'] ?? '')) body = dechunk(body)
  return { status, headers, body: decode(body, headers['content-encoding']), raw }
}

/** Removes chunked transfer coding; a body cut short keeps what arrived. */
function dechunk(data: Buffer): Buffer {
  const parts: Buffer[] = []
  let offset = 0
  for (;;) {
    const lineEnd = data.indexOf('\r\n', offset)
    if (lineEnd < 0) break
    const size = Number.parseInt(data.subarray(offset, lineEnd).toString('latin1'), 16)
    if (!Number.isFinite(size) || size === 0) break
    parts.push(data.subarray(lineEnd + 2, lineEnd + 2 + size))
    offset = lineEnd + 2 + size + 2
  }
  return Buffer.concat(parts)
}

function decode(body: Buffer, encoding: string | undefined): Buffer {
  if (body.length === 0) return body
  try {
    if (encoding === 'gzip') return gunzipSync(body)
    if (encoding === 'br') return brotliDecompressSync(body)
    if (encoding === 'deflate') return inflateSync(body)
  } catch {
    // A body cut short cannot be decompressed whole: keep the bytes as they came.
  }
  return body
}

/** A request as bytes: request line, headers (in order, repeats allowed), blank line, body. */
export function rawRequest(
  method: string,
  target: string,
  headers: [name: string, value: string][],
  body: string | Buffer = '',
): Buffer {
  const head = [`${method} ${target} HTTP/1.1`, ...headers.map(([n, v]) => `${n}: ${v}`)]
  // latin1 keeps each char code as one byte: the caller decides which bytes go on the wire.
  return Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), Buffer.from(body)])
}
