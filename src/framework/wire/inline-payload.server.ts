// Inlines the RSC payload into the HTML stream as <script> chunks, so hydration needs no second
// request. The browser side is wire/inline-payload.browser.ts.
//
// Two rules keep this safe:
// - Escaping: each chunk is a JavaScript template literal with no substitutions, escaped so that
//   no payload text can end the literal, close the script element, open a comment, or be changed
//   by the HTML parser (escapeForTemplate()). Text that needs no escape, which is most of a JSON
//   payload, is written as the very bytes it came in.
// - Placement: React may split one flush of HTML mid-tag across chunks, but one flush is written
//   within one task. Scripts are therefore only written from a timer, after the HTML received so
//   far, and never before the first HTML chunk.
import { isUtf8 } from 'node:buffer'
import { type Readable, Transform } from 'node:stream'
import { INLINE_PAYLOAD_GLOBAL } from './protocol.ts'

const encoder = new TextEncoder()
// ignoreBOM: a chunk may begin with U+FEFF that belongs to the text; it must not be dropped.
const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })
const DOCUMENT_END = encoder.encode('</body></html>')
const NOTHING = new Uint8Array(0)

/**
 * What may not stand raw in a template literal inside an HTML script element, and its escape.
 * The backslash comes first: the escapes after it add backslashes of their own. Line feeds, and
 * U+2028 and U+2029, may stand raw in a template literal: a JSON payload has a line feed per row,
 * which a string literal would have to escape.
 */
const TEMPLATE_ESCAPES: readonly [raw: string, escaped: string][] = [
  ['\\', '\\\\'],
  ['`', '\\`'],
  ['${', '\\${'],
  ['\r', '\\r'], // the HTML parser, and JavaScript in a template, turn a raw CR into LF
  ['\0', '\\x00'], // the HTML parser turns a raw NUL into U+FFFD
  ['<', '\\x3C'], // no `</script`, `<!--` or `<script` in the element
]

/**
 * `text`, escaped to stand between the backquotes of a template literal in a script element,
 * where it reads back as `text`.
 */
export function escapeForTemplate(text: string): string {
  let escaped = text
  for (const [raw, replacement] of TEMPLATE_ESCAPES) {
    if (escaped.includes(raw)) escaped = escaped.replaceAll(raw, replacement)
  }
  return escaped
}

// The same characters as UTF-8 bytes, taken from the list so that the two cannot drift apart.
// All are ASCII, and in valid UTF-8 an ASCII byte is only ever that character.
const ESCAPED_BYTES = TEMPLATE_ESCAPES.map(([raw]) => Buffer.from(raw))

/**
 * Whether UTF-8 `bytes` hold anything escapeForTemplate() escapes. Buffer's includes() searches
 * natively: six searches cost less than decoding the text and encoding it again.
 */
function needsEscape(bytes: Uint8Array): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  return ESCAPED_BYTES.some((raw) => buffer.includes(raw))
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
 * Turns payload bytes into script elements, each as a list of byte pieces (written together, so
 * the text is copied once). Text goes as a template literal; bytes that are not UTF-8 (binary
 * rows such as typed arrays) go as `['base64']`.
 */
export function createChunkEncoder(nonce?: string) {
  const open = nonce ? `<script nonce="${escapeAttribute(nonce)}">` : '<script>'
  const push = `${open}(self.${INLINE_PAYLOAD_GLOBAL}||=[]).push(`
  const [textOpen, textClose] = [encoder.encode(`${push}\``), encoder.encode('`)</script>')]
  let carry = NOTHING
  const binary = (bytes: Uint8Array) => [encoder.encode(`${push}['${toBase64(bytes)}'])</script>`)]
  return {
    encode(chunk: Uint8Array): Uint8Array[] {
      const bytes = carry.length ? concat(carry, chunk) : chunk
      const tail = incompleteTailLength(bytes)
      carry = tail ? bytes.slice(bytes.length - tail) : NOTHING
      const complete = bytes.subarray(0, bytes.length - tail)
      if (complete.length === 0) return []
      if (!isUtf8(complete)) return binary(complete)
      // React's own bytes, held until the scripts are written: React never writes into a piece
      // again once it has handed it over.
      if (!needsEscape(complete)) return [textOpen, complete, textClose]
      return [textOpen, encoder.encode(escapeForTemplate(decoder.decode(complete))), textClose]
    },
    /** Whatever is left at the end of the stream. */
    end(): Uint8Array[] {
      const rest = carry
      carry = NOTHING
      return rest.length ? binary(rest) : []
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
  /**
   * The HTML before this stream was already sent (a shell from memory, whose resume this is):
   * scripts may be written before React's first chunk.
   */
  afterSentHtml?: boolean
}

/**
 * An HTML transform that interleaves `payload` as scripts and moves `</body></html>` last. React
 * DOM writes into it; the scripts go in through the same write(), so they queue behind whatever
 * HTML React wrote before them, even while the response is behind.
 */
export function injectPayload(payload: Readable, options: InjectOptions = {}): Transform {
  const chunkEncoder = createChunkEncoder(options.nonce)
  let pending: Uint8Array[] = []
  let htmlStarted = options.afterSentHtml === true
  let timer: ReturnType<typeof setTimeout> | undefined
  let payloadEnd: { error?: unknown } | undefined
  let onPayloadEnd = () => {}

  /** The scripts (and late HTML) to write now, as one piece of bytes. */
  const takeScripts = (last: Uint8Array[] = []): Buffer => {
    const late = options.takeLateHtml?.()
    const pieces = [...(late ? [encoder.encode(late)] : []), ...pending, ...last]
    pending = []
    return Buffer.concat(pieces)
  }
  const scheduleScripts = () => {
    if (timer !== undefined || pending.length === 0 || !htmlStarted) return
    timer = setTimeout(() => {
      timer = undefined
      // Once React has ended the HTML, flush() writes what is left.
      if (html.writableEnded || html.destroyed) return
      const scripts = takeScripts()
      if (scripts.length > 0) html.write(scripts)
    }, 0)
  }

  const html = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      // React writes `</body></html>` at the very end; scripts must come before it. (Should it
      // ever be split across chunks, the scripts land after it, which browsers still run.)
      const body = endsWith(chunk, DOCUMENT_END)
        ? chunk.subarray(0, chunk.length - DOCUMENT_END.length)
        : chunk
      htmlStarted = true
      scheduleScripts()
      callback(null, body.length ? body : undefined)
    },
    flush(callback) {
      onPayloadEnd = () => {
        clearTimeout(timer)
        if (payloadEnd?.error !== undefined) return callback(payloadEnd.error as Error)
        this.push(takeScripts(chunkEncoder.end()))
        callback(null, DOCUMENT_END)
      }
      if (payloadEnd) onPayloadEnd()
    },
    destroy(error, callback) {
      clearTimeout(timer)
      // The response was cut (the client went away): stop reading the payload too.
      if (!payloadEnd) payload.destroy()
      callback(error)
    },
  })

  payload.on('data', (chunk: Uint8Array) => {
    pending.push(...chunkEncoder.encode(chunk))
    scheduleScripts()
  })
  payload.once('end', () => {
    payloadEnd = {}
    onPayloadEnd()
  })
  payload.once('error', (error) => {
    payloadEnd = { error }
    onPayloadEnd()
  })
  return html
}
