// Inlines the RSC payload into the HTML stream as <script> chunks, so hydration needs no second
// request. The browser side is client/inline-payload.ts.
//
// Two rules keep this safe:
// - Escaping: each chunk is a JSON string literal with `<`, U+2028 and U+2029 escaped, so no
//   payload text can close the script element, open a comment or end the literal.
// - Placement: React may split one flush of HTML mid-tag across chunks, but one flush is written
//   within one task. Scripts are therefore only written from a timer, after the HTML received so
//   far has been passed on, and never before the first HTML chunk.
import { INLINE_PAYLOAD_GLOBAL } from './protocol.ts'

const encoder = new TextEncoder()
// ignoreBOM: a chunk may begin with U+FEFF that belongs to the text; it must not be dropped.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const DOCUMENT_END = encoder.encode('</body></html>')

export function escapeForScript(json: string): string {
  return json.replace(
    /[<\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  )
}

/** Bytes at the end of `bytes` that start a UTF-8 character which continues in the next chunk. */
function incompleteTailLength(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(3, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!
    if ((byte & 0xc0) === 0x80) continue // continuation byte: look further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1
    return needed > back ? back : 0
  }
  return 0
}

function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64')
}

/**
 * Turns payload bytes into script elements. Text goes as a string; bytes that are not UTF-8
 * (binary rows such as typed arrays) go as `[base64]`.
 */
export function createChunkEncoder(nonce?: string) {
  const open = nonce ? `<script nonce="${escapeAttribute(nonce)}">` : '<script>'
  let carry = new Uint8Array(0)
  const script = (argument: string) =>
    `${open}(self.${INLINE_PAYLOAD_GLOBAL}||=[]).push(${argument})</script>`
  return {
    encode(chunk: Uint8Array): string {
      const bytes = carry.length ? concat(carry, chunk) : chunk
      const tail = incompleteTailLength(bytes)
      carry = bytes.slice(bytes.length - tail)
      const complete = bytes.subarray(0, bytes.length - tail)
      if (complete.length === 0) return ''
      try {
        return script(escapeForScript(JSON.stringify(decoder.decode(complete))))
      } catch {
        return script(`[${JSON.stringify(toBase64(complete))}]`)
      }
    },
    /** Whatever is left at the end of the stream. */
    end(): string {
      const rest = carry
      carry = new Uint8Array(0)
      return rest.length ? script(`[${JSON.stringify(toBase64(rest))}]`) : ''
    },
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length)
  out.set(a)
  out.set(b, a.length)
  return out
}

function endsWith(bytes: Uint8Array, suffix: Uint8Array): boolean {
  if (bytes.length < suffix.length) return false
  const offset = bytes.length - suffix.length
  for (let i = 0; i < suffix.length; i++) if (bytes[offset + i] !== suffix[i]) return false
  return true
}

export function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`)
}

export interface InjectOptions {
  nonce?: string
  /**
   * Polled wherever scripts are written (at the latest, before `</body></html>`) for more HTML
   * to insert, such as meta tags decided after the shell.
   */
  takeLateHtml?: () => string
}

/** An HTML transform that interleaves `payload` as scripts and moves `</body></html>` last. */
export function injectPayload(
  payload: ReadableStream<Uint8Array>,
  options: InjectOptions = {},
): TransformStream<Uint8Array, Uint8Array> {
  const chunkEncoder = createChunkEncoder(options.nonce)
  let pending = ''
  let htmlStarted = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let writeScripts = () => {}
  let payloadDone: Promise<void> = Promise.resolve()

  const scheduleScripts = () => {
    if (timer === undefined && pending && htmlStarted) {
      timer = setTimeout(() => {
        timer = undefined
        writeScripts()
      }, 0)
    }
  }

  return new TransformStream<Uint8Array, Uint8Array>(
    {
      start(controller) {
        const reader = payload.getReader()
        writeScripts = () => {
          const html = (options.takeLateHtml?.() ?? '') + pending
          pending = ''
          if (!html) return
          try {
            controller.enqueue(encoder.encode(html))
          } catch {
            // The response was cancelled (the client went away): stop reading the payload too.
            reader.cancel().catch(() => {})
          }
        }
        payloadDone = (async () => {
          for (;;) {
            const { done, value } = await reader.read()
            if (done) break
            pending += chunkEncoder.encode(value)
            scheduleScripts()
          }
          pending += chunkEncoder.end()
        })()
        // The document may end before the payload is read; keep the rejection for flush().
        payloadDone.catch(() => {})
      },
      transform(chunk, controller) {
        // React writes `</body></html>` at the very end; scripts must come before it. (Should
        // it ever be split across chunks, the scripts land after it, which browsers still run.)
        const html = endsWith(chunk, DOCUMENT_END)
          ? chunk.subarray(0, chunk.length - DOCUMENT_END.length)
          : chunk
        if (html.length) controller.enqueue(html)
        htmlStarted = true
        scheduleScripts()
      },
      async flush(controller) {
        await payloadDone
        clearTimeout(timer)
        writeScripts()
        controller.enqueue(DOCUMENT_END)
      },
    },
    // No backpressure inside: a whole React flush must pass through in microtasks, before any
    // timer can write scripts, or a script could land inside a tag or a text node (see above).
    { highWaterMark: Number.POSITIVE_INFINITY },
    { highWaterMark: Number.POSITIVE_INFINITY },
  )
}
