import { Readable, type Transform } from 'node:stream'
import { setTimeout as sleep } from 'node:timers/promises'
import vm from 'node:vm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readInlinePayload } from '../../src/framework/wire/inline-payload.browser.ts'
import {
  createChunkEncoder,
  escapeForTemplate,
  injectPayload,
} from '../../src/framework/wire/inline-payload.server.ts'

const utf8 = new TextEncoder()
const DOCUMENT_END = '</body></html>'

/** Text that tries every way out of a script element and a JS string literal. */
const HOSTILE =
  '</script><script>alert(1)</script> <!-- comment --> </SCRIPT > <Script src=x> ' +
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a substitution is one of the ways out
  '"double" \'single\' `back` ${x} \\ \\" \\u003c \u2028 line \u2029 para \u0000\u001f\u007f ' +
  'é ü ß 中文 😀 🏳️‍🌈 <\\/script> ]]> <![CDATA[ \r\n'

type InlineChunk = string | [string]

interface ScriptElement {
  /** Text between `<script` and `>`. */
  attributes: string
  /** Script text up to the first `</script`, where an HTML parser ends the element. */
  body: string
  /** Offsets of the whole element in the HTML. */
  start: number
  end: number
}

/** Finds script elements the way an HTML parser does: each ends at the first `</script`. */
function scriptsIn(html: string): ScriptElement[] {
  const lower = html.toLowerCase()
  const scripts: ScriptElement[] = []
  let from = 0
  for (;;) {
    const start = lower.indexOf('<script', from)
    if (start === -1) return scripts
    const tagEnd = html.indexOf('>', start)
    const close = lower.indexOf('</script', tagEnd)
    expect(tagEnd, 'unterminated <script> tag').toBeGreaterThan(start)
    expect(close, 'script element never closed').toBeGreaterThan(tagEnd)
    // The element must close exactly where the framework closed it.
    expect(html.slice(close, close + 9)).toBe('</script>')
    const end = close + 9
    scripts.push({
      attributes: html.slice(start + '<script'.length, tagEnd),
      body: html.slice(tagEnd + 1, close),
      start,
      end,
    })
    from = end
  }
}

/** Asserts that no script body can leave its element, open a comment or start another script. */
function expectContained(scripts: ScriptElement[]) {
  for (const { body } of scripts) {
    expect(body).not.toMatch(/<\/script/i)
    expect(body).not.toMatch(/<!--/)
    expect(body).not.toMatch(/<script/i)
    expect(body).toMatch(
      /^\(self\.__RSC_PAYLOAD\|\|=\[\]\)\.push\((`.*`|\['[A-Za-z0-9+/=]*'\])\)$/s,
    )
  }
}

/**
 * A script's text as a browser's HTML parser hands it to the script engine: CR and CRLF become LF
 * (the input stream's preprocessing), NUL becomes U+FFFD (the script data state).
 */
function asParsed(body: string): string {
  return body.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD')
}

/** Runs the script bodies, as parsed, in a sandbox whose `self` collects what they push. */
function runScripts(scripts: ScriptElement[], self: Record<string, unknown> = {}): InlineChunk[] {
  const context = vm.createContext({ self })
  for (const { body } of scripts) vm.runInContext(asParsed(body), context)
  return (self.__RSC_PAYLOAD as InlineChunk[] | undefined) ?? []
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** Pushed chunks back to bytes: strings are UTF-8 text, `[base64]` arrays are raw bytes. */
function decodeChunks(chunks: InlineChunk[]): Uint8Array {
  return concat(
    chunks.map((chunk) =>
      typeof chunk === 'string'
        ? utf8.encode(chunk)
        : new Uint8Array(Buffer.from(chunk[0]!, 'base64')),
    ),
  )
}

/** The HTML that pieces of script bytes make. */
function textOf(pieces: Uint8Array[]): string {
  return Buffer.concat(pieces).toString('utf8')
}

/** Encodes `chunks` with one encoder, as the server does for one payload stream. */
function encodeAll(chunks: Uint8Array[], nonce?: string): string {
  const encoder = createChunkEncoder(nonce)
  return textOf([...chunks.flatMap((chunk) => encoder.encode(chunk)), ...encoder.end()])
}

function roundTrip(chunks: Uint8Array[]): {
  html: string
  pushed: InlineChunk[]
  bytes: Uint8Array
} {
  const html = encodeAll(chunks)
  const scripts = scriptsIn(html)
  expectContained(scripts)
  // Nothing but scripts: no stray text around them.
  expect(scripts.map((s) => html.slice(s.start, s.end)).join('')).toBe(html)
  const pushed = runScripts(scripts)
  return { html, pushed, bytes: decodeChunks(pushed) }
}

function splitEvery(bytes: Uint8Array, size: number): Uint8Array[] {
  const parts: Uint8Array[] = []
  for (let i = 0; i < bytes.length; i += size) parts.push(bytes.slice(i, i + size))
  return parts
}

/** `text` in a template literal, as the encoder writes it. */
const template = (text: string) => `\`${escapeForTemplate(text)}\``

describe('escapeForTemplate', () => {
  it('escapes what would end the literal, leave the script element or be changed by HTML', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text holds a substitution
    expect(escapeForTemplate('a\\b`c${d}\re\0f')).toBe('a\\\\b\\`c\\${d}\\re\\x00f')
    expect(escapeForTemplate('</script><!--')).toBe('\\x3C/script>\\x3C!--')
  })

  it('leaves everything else alone: a JSON payload mostly needs no escape', () => {
    const json = `0:["$","p",null,{"children":"a > b & c 'd' $e {f} é 😀"}]\n1:"$L2"\n`
    expect(escapeForTemplate(json)).toBe(json)
  })

  it('keeps the text, as a browser parses and runs it', () => {
    const literal = template(HOSTILE)
    expect(literal).not.toMatch(/[<\r\0]/)
    expect(vm.runInNewContext(asParsed(literal))).toBe(HOSTILE)
  })
})

describe('createChunkEncoder', () => {
  it('finds each thing it must escape, alone in a chunk', () => {
    // Each would end the literal, run code, leave the script or change in the HTML parser.
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text holds a substitution
    for (const text of ['\\n', '`', '${x}', '\r', '\0', '</script><!--']) {
      const input = utf8.encode(`a${text}b`)
      expect(roundTrip([input]).pushed, JSON.stringify(text)).toEqual([`a${text}b`])
    }
  })

  it('writes one push script per chunk of text', () => {
    const encoder = createChunkEncoder()
    expect(textOf(encoder.encode(utf8.encode('0:"hi"\n')))).toBe(
      '<script>(self.__RSC_PAYLOAD||=[]).push(`0:"hi"\n`)</script>',
    )
    expect(encoder.end()).toEqual([])
  })

  it('writes nothing for an empty chunk', () => {
    const encoder = createChunkEncoder()
    expect(encoder.encode(new Uint8Array(0))).toEqual([])
    expect(encoder.end()).toEqual([])
  })

  it('round-trips hostile text intact and keeps it inside the script element', () => {
    const input = utf8.encode(HOSTILE)
    const { pushed, bytes } = roundTrip([input])
    expect(pushed).toEqual([HOSTILE])
    expect(bytes).toEqual(input)
  })

  it('round-trips hostile text cut into chunks of every small size', () => {
    const input = utf8.encode(HOSTILE.repeat(3))
    for (const size of [1, 2, 3, 4, 5, 7, 13, 64]) {
      const { pushed, bytes } = roundTrip(splitEvery(input, size))
      expect(bytes, `chunks of ${size} bytes`).toEqual(input)
      // Valid UTF-8 stays readable text, however it was cut.
      expect(pushed.every((chunk) => typeof chunk === 'string')).toBe(true)
    }
  })

  it('carries a multi-byte character split across two chunks into the next script', () => {
    const euro = utf8.encode('€') // E2 82 AC
    const face = utf8.encode('😀') // F0 9F 98 80
    const cases: Array<[Uint8Array, Uint8Array]> = [
      [concat([utf8.encode('a'), euro.slice(0, 1)]), concat([euro.slice(1), utf8.encode('b')])],
      [concat([utf8.encode('a'), euro.slice(0, 2)]), concat([euro.slice(2), utf8.encode('b')])],
      [face.slice(0, 1), face.slice(1)],
      [face.slice(0, 2), face.slice(2)],
      [face.slice(0, 3), face.slice(3)],
    ]
    for (const [first, second] of cases) {
      const { pushed, bytes } = roundTrip([first, second])
      expect(bytes).toEqual(concat([first, second]))
      expect(pushed.join('')).not.toContain('\uFFFD')
      expect(pushed.every((chunk) => typeof chunk === 'string')).toBe(true)
    }
  })

  it('round-trips bytes that are not UTF-8 as base64', () => {
    const binary = new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0xc3, 0x28, 0xed, 0xa0, 0x80, 0x3c])
    const { pushed, bytes } = roundTrip([binary])
    expect(bytes).toEqual(binary)
    expect(pushed.some((chunk) => Array.isArray(chunk))).toBe(true)
  })

  it('round-trips every byte value, in chunks, mixed with text', () => {
    const all = new Uint8Array(256 * 4).map((_, i) => (i * 7) % 256)
    const input = concat([utf8.encode(HOSTILE), all, utf8.encode(HOSTILE), all.slice(0, 3)])
    for (const size of [1, 3, 100, input.length]) {
      const { bytes } = roundTrip(splitEvery(input, size))
      expect(bytes, `chunks of ${size} bytes`).toEqual(input)
    }
  })

  it('flushes an incomplete character left at the end of the stream', () => {
    const input = concat([utf8.encode('tail '), utf8.encode('😀').slice(0, 2)])
    const encoder = createChunkEncoder()
    const body = encoder.encode(input)
    const rest = encoder.end()
    expect(rest).not.toEqual([])
    expect(decodeChunks(runScripts(scriptsIn(textOf([...body, ...rest]))))).toEqual(input)
  })

  it('round-trips a chunk that starts with U+FEFF (a byte order mark in the text)', () => {
    // React splits its output at arbitrary byte offsets, so any character can start a chunk.
    const input = [utf8.encode('0:"a'), utf8.encode('\uFEFFb"\n')]
    const { bytes } = roundTrip(input)
    expect(bytes).toEqual(concat(input))
  })

  it('adds the nonce, attribute-escaped, to every script', () => {
    const input = [utf8.encode('a'), new Uint8Array([0xff]), utf8.encode('b')]
    const scripts = scriptsIn(encodeAll(input, 'n"<>&1'))
    expect(scripts.length).toBeGreaterThanOrEqual(2)
    for (const { attributes } of scripts) expect(attributes).toBe(' nonce="n&#34;&#60;&#62;&#38;1"')
    expect(decodeChunks(runScripts(scripts))).toEqual(concat(input))
  })
})

// ---------------------------------------------------------------------------------------------

/** A byte stream of `chunks`, waiting `delayMs` before each one (and `startMs` before the first). */
function streamOf(
  chunks: Array<string | Uint8Array>,
  { delayMs = 0, startMs = 0 }: { delayMs?: number; startMs?: number } = {},
): Readable {
  async function* produce() {
    for (const [index, chunk] of chunks.entries()) {
      const wait = index === 0 ? startMs : delayMs
      if (wait) await sleep(wait)
      yield typeof chunk === 'string' ? utf8.encode(chunk) : chunk
    }
  }
  return Readable.from(produce(), { objectMode: false })
}

async function readText(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Uint8Array[] = []
  for await (const part of stream) parts.push(part)
  return new TextDecoder().decode(concat(parts))
}

const HTML_CHUNKS = [
  '<!DOCTYPE html><html lang="en"><head><title>t</title></head><body><main>',
  '<p>first</p><div hidden id="S:0">',
  '<p>streamed é 😀</p></div><script>$RC("B:0","S:0")</script>',
  '<footer>end</footer></body></html>',
]

const PAYLOAD_CHUNKS = [
  '0:{"tree":"$L1","url":"/"}\n',
  `1:["$","p",null,{"children":${JSON.stringify(HOSTILE)}}]\n`,
  '2:"</script><!--"\n',
  '3:"\u2028\u2029\\"\\\\"\n',
]

/** The HTML offsets where a script may be inserted: between chunks, or before `</body></html>`. */
function chunkBoundaries(htmlChunks: string[]): Set<number> {
  const boundaries = new Set<number>()
  let offset = 0
  for (const chunk of htmlChunks) {
    offset += chunk.length
    boundaries.add(chunk.endsWith(DOCUMENT_END) ? offset - DOCUMENT_END.length : offset)
  }
  return boundaries
}

async function inject(
  html: Readable | ((destination: Transform) => void),
  payload: Readable,
  { readAfterMs = 0, ...options }: { nonce?: string; readAfterMs?: number } = {},
) {
  const destination = injectPayload(payload, options)
  if (typeof html === 'function') html(destination)
  else html.pipe(destination)
  if (readAfterMs) await sleep(readAfterMs)
  const output = await readText(destination)
  const all = scriptsIn(output)
  // The framework's scripts are those that push the payload; React's own (`$RC`) stay as they were.
  const ours = all.filter((s) => s.body.startsWith('(self.__RSC_PAYLOAD'))
  let withoutOurs = ''
  let from = 0
  const insertedAt: number[] = []
  for (const script of ours) {
    withoutOurs += output.slice(from, script.start)
    insertedAt.push(withoutOurs.length)
    from = script.end
  }
  withoutOurs += output.slice(from)
  return { output, ours, withoutOurs, insertedAt }
}

describe('injectPayload', () => {
  const timings = {
    'the payload is ready before the HTML starts': {
      html: { startMs: 30, delayMs: 5 },
      payload: {},
    },
    'the payload arrives after the HTML has ended': {
      html: {},
      payload: { startMs: 20, delayMs: 10 },
    },
    'HTML and payload interleave': {
      html: { delayMs: 7 },
      payload: { delayMs: 5 },
    },
    'everything arrives at once': { html: {}, payload: {} },
  }

  for (const [name, timing] of Object.entries(timings)) {
    it(`places every payload chunk once, in order, inside the document when ${name}`, async () => {
      const { output, ours, withoutOurs, insertedAt } = await inject(
        streamOf(HTML_CHUNKS, timing.html),
        streamOf(PAYLOAD_CHUNKS, timing.payload),
      )
      // The HTML comes first and last, unchanged.
      expect(output.startsWith(HTML_CHUNKS[0]!)).toBe(true)
      expect(output.endsWith(DOCUMENT_END)).toBe(true)
      expect(output.split(DOCUMENT_END)).toHaveLength(2)
      expect(withoutOurs).toBe(HTML_CHUNKS.join(''))
      // Scripts only go between HTML chunks, never inside one.
      const boundaries = chunkBoundaries(HTML_CHUNKS)
      for (const offset of insertedAt) expect(boundaries).toContain(offset)
      // Each payload chunk exactly once, in order, and safe.
      expectContained(ours)
      expect(runScripts(ours)).toEqual(PAYLOAD_CHUNKS)
    })
  }

  it('places scripts between flushes, never inside one, while the response is behind', async () => {
    // As React DOM does: a flush is several synchronous writes, split anywhere, even mid-tag.
    const flushes = [
      [
        '<!DOCTYPE html><html><head><title>t</title></head><body><main><p>',
        'x'.repeat(40_000),
        '</p><di',
        'v>',
      ],
      [
        '<div hidden id="S:0"><p>stream',
        'y'.repeat(40_000),
        'ed é 😀</p></div><scr',
        'ipt>$RC("B:0","S:0")</script>',
      ],
      ['<p>', 'z'.repeat(40_000), '</p>', '</body></html>'],
    ]
    const writeFlushes = async (destination: Transform) => {
      for (const flush of flushes) {
        for (const chunk of flush) destination.write(utf8.encode(chunk))
        await sleep(5)
      }
      destination.end()
    }
    const { withoutOurs, insertedAt, ours } = await inject(
      (destination) => void writeFlushes(destination),
      streamOf(PAYLOAD_CHUNKS, { delayMs: 2 }),
      // Nobody reads for a while: the transform's buffers fill and writes queue behind them.
      { readAfterMs: 30 },
    )
    expect(withoutOurs).toBe(flushes.flat().join(''))
    expect(insertedAt.length).toBeGreaterThan(0)
    const boundaries = chunkBoundaries(flushes.map((flush) => flush.join('')))
    for (const offset of insertedAt) expect(boundaries).toContain(offset)
    expect(runScripts(ours)).toEqual(PAYLOAD_CHUNKS)
  })

  it('moves the scripts before </body></html> when it arrives in its own chunk', async () => {
    const html = ['<html><body><p>x</p>', '</body></html>']
    const { output, ours } = await inject(
      streamOf(html),
      streamOf(PAYLOAD_CHUNKS, { startMs: 10, delayMs: 5 }),
    )
    expect(output.startsWith('<html><body><p>x</p><script>')).toBe(true)
    expect(output.endsWith(`</script>${DOCUMENT_END}`)).toBe(true)
    expect(runScripts(ours)).toEqual(PAYLOAD_CHUNKS)
  })

  it('round-trips binary payload bytes and split characters through the document', async () => {
    const text = utf8.encode(`0:${JSON.stringify(HOSTILE)}\n`)
    const binary = new Uint8Array(300).map((_, i) => (i * 31) % 256)
    const input = concat([text, binary, text])
    const { ours } = await inject(streamOf(HTML_CHUNKS), streamOf(splitEvery(input, 5)))
    expectContained(ours)
    expect(decodeChunks(runScripts(ours))).toEqual(input)
  })

  it('adds the nonce, escaped, to every script', async () => {
    const nonce = 'r4nd"0m<>&'
    const { ours } = await inject(streamOf(HTML_CHUNKS), streamOf(PAYLOAD_CHUNKS, { delayMs: 3 }), {
      nonce,
    })
    expect(ours.length).toBeGreaterThan(0)
    for (const { attributes } of ours) {
      expect(attributes).toBe(' nonce="r4nd&#34;0m&#60;&#62;&#38;"')
    }
    expect(runScripts(ours)).toEqual(PAYLOAD_CHUNKS)
  })

  it('writes no nonce attribute without the option', async () => {
    const { ours } = await inject(streamOf(HTML_CHUNKS), streamOf(PAYLOAD_CHUNKS))
    expect(ours.length).toBeGreaterThan(0)
    for (const { attributes } of ours) expect(attributes).toBe('')
  })
})

describe('readInlinePayload (browser side)', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('reads the chunks pushed before and after it starts, and closes at DOMContentLoaded', async () => {
    const input = concat([
      utf8.encode(HOSTILE),
      new Uint8Array([0xff, 0x00, 0xc3]),
      utf8.encode('😀'),
    ])
    const scripts = scriptsIn(encodeAll(splitEvery(input, 4)))
    const half = Math.floor(scripts.length / 2)
    const self: Record<string, unknown> = {}
    let onLoaded: (() => void) | undefined
    vi.stubGlobal('window', self)
    vi.stubGlobal('document', {
      readyState: 'loading',
      addEventListener: (type: string, listener: () => void) => {
        if (type === 'DOMContentLoaded') onLoaded = listener
      },
    })

    const context = vm.createContext({ self })
    for (const { body } of scripts.slice(0, half)) vm.runInContext(body, context)
    const stream = readInlinePayload()
    for (const { body } of scripts.slice(half)) vm.runInContext(body, context)
    expect(onLoaded).toBeTypeOf('function')
    onLoaded!()

    const parts: Uint8Array[] = []
    for await (const part of stream) parts.push(part)
    expect(concat(parts)).toEqual(input)
  })
})
