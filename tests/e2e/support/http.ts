// Raw HTTP for what `fetch` hides: the body as the chunks that arrived (to see streaming) and
// compressed responses (Node's fetch decompresses and asks for compression on its own), and single
// requests on a connection of their own or of a given pool.
import { type Agent, type IncomingHttpHeaders, request } from 'node:http'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'

export interface ChunkedResponse {
  status: number
  headers: IncomingHttpHeaders
  /** The decoded (and decompressed) body text, split where the data arrived. */
  chunks: string[]
  body: string
}

/**
 * GETs `url` and keeps the body chunk by chunk, in arrival order. A compressed body is
 * decompressed as it arrives, so the chunks still show when each part came.
 */
export function getChunks(
  url: string,
  headers: Record<string, string> = {},
): Promise<ChunkedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', headers }, (res) => {
      const encoding = res.headers['content-encoding']
      const body =
        encoding === 'gzip'
          ? res.pipe(createGunzip())
          : encoding === 'br'
            ? res.pipe(createBrotliDecompress())
            : encoding === 'deflate'
              ? res.pipe(createInflate())
              : res
      const decoder = new TextDecoder()
      const chunks: string[] = []
      body.on('data', (data: Buffer) => {
        const text = decoder.decode(data, { stream: true })
        if (text) chunks.push(text)
      })
      body.on('error', reject)
      body.on('end', () => {
        const rest = decoder.decode()
        if (rest) chunks.push(rest)
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          chunks,
          body: chunks.join(''),
        })
      })
    })
    req.on('error', reject)
    req.end()
  })
}

/**
 * The index of the chunk in which `text` is first complete (it may start in an earlier chunk),
 * or -1 when the body never contains it.
 */
export function chunkIndexOf(chunks: string[], text: string): number {
  let received = ''
  for (let i = 0; i < chunks.length; i++) {
    received += chunks[i]
    if (received.includes(text)) return i
  }
  return -1
}

export interface SentRequest {
  method?: string
  headers?: Record<string, string>
  body?: string | Uint8Array
  /**
   * The connection pool to use. Default: none (a connection of its own, closed afterwards), so a
   * request the server refuses before reading its body cannot affect later requests' connections.
   */
  agent?: Agent
}

export interface ReceivedResponse {
  status: number
  headers: IncomingHttpHeaders
  body: string
}

/** One HTTP request with Node's own client (no decompression, no automatic headers). */
export function send(url: string, options: SentRequest = {}): Promise<ReceivedResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method: options.method ?? 'GET', headers: options.headers, agent: options.agent ?? false },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (data: string) => {
          body += data
        })
        res.on('error', reject)
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    // The server may answer (e.g. 413) and close before it has read the whole body.
    req.on('error', reject)
    req.end(options.body)
  })
}

/** A FormData as the bytes and Content-Type (with its boundary) a browser would send. */
export async function encodeFormData(
  form: FormData,
): Promise<{ body: Uint8Array; contentType: string }> {
  const encoded = new Response(form)
  return {
    body: new Uint8Array(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  }
}
