// Raw HTTP for what `fetch` hides: the body as the chunks that arrived (to see streaming) and
// compressed responses (Node's fetch decompresses and asks for compression on its own).
import { type IncomingHttpHeaders, request } from 'node:http'
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
