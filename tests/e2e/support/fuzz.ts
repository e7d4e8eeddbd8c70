// Malformed input for the fuzz tests (docs/security.md, issue 7 item 3): fast-check
// arbitraries that build raw HTTP requests (hostile paths, methods, headers, server function
// and multipart bodies), and the checks every response must pass: a sane status, no file from
// outside the build's public assets, no server error message or server path.
import fc from 'fast-check'
import { HEADER_ACTION_ID, HEADER_PREFETCH } from '../../../src/framework/wire/protocol.ts'
import { mapConcurrently } from './process-stats.ts'
import { NoResponseError, type RawResponse, rawRequest, sendRaw } from './raw-http.ts'

export interface FuzzRequest {
  /** Which property built it, for messages. */
  label: string
  method: string
  target: string
  bytes: Buffer
  /** The statuses it may get. */
  allowed: ReadonlySet<number>
  /**
   * It runs a real server function with arguments that function does not expect: the function
   * may throw, and a form post without JavaScript then answers 500 with only the digest
   * (docs/errors.md). Any other 500 is a failure.
   */
  mayThrow?: boolean
  /** The server may close the connection without an answer (CONNECT has no handler). */
  mayClose?: boolean
  [fc.toStringMethod](): string
}

const ellipsis = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text

export function describeBytes(bytes: Buffer, max = 300): string {
  return JSON.stringify(ellipsis(bytes.toString('latin1'), max))
}

const LARGE_REQUEST = 64 * 1024

/** A request as bytes, with `Host` and `Connection: close` first and a matching Content-Length. */
export function buildRequest(
  label: string,
  origin: string,
  parts: {
    method: string
    target: string
    headers?: [string, string][]
    body?: Buffer
    /** Leave out the Host header (the caller's headers may bring their own). */
    noHost?: boolean
  },
  expected: { allowed: ReadonlySet<number>; mayThrow?: boolean; mayClose?: boolean },
): FuzzRequest {
  const { host } = new URL(origin)
  const { method, target, body } = parts
  const headers: [string, string][] = [
    ...(parts.noHost ? [] : [['host', host] as [string, string]]),
    ['connection', 'close'],
    ...(parts.headers ?? []),
  ]
  if (body) headers.push(['content-length', String(body.length)])
  const bytes = rawRequest(method, target, headers, body ?? '')
  return {
    label,
    method,
    target,
    bytes,
    ...expected,
    // The server may refuse a request this big (431, 413) before reading all of it and close
    // the connection; the client can then get a reset instead of the answer.
    mayClose: expected.mayClose || bytes.length > LARGE_REQUEST,
    [fc.toStringMethod]: () =>
      `${label}: ${describeBytes(bytes, 400)}${body ? ` (body ${body.length} bytes)` : ''}`,
  }
}

/** A string's UTF-8 bytes as a latin1 string: how raw non-ASCII text goes on the wire. */
export function utf8Bytes(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1')
}

/** Percent-encodes every byte of the text's UTF-8 form except unreserved characters. */
export function percentEncode(text: string): string {
  return [...Buffer.from(text, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-._~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`,
    )
    .join('')
}

// --- Statuses ----------------------------------------------------------------------------

/**
 * What a page, a payload, an asset or Node's HTTP parser may answer to a malformed request:
 * pages (200; 204 to a prefetch of a dynamic route; 304 to a matching ETag), redirects,
 * the access screens, 404, 405, 413, 416, and the parser's 400/414/417/431. Never 500.
 */
export const SANE_STATUSES: ReadonlySet<number> = new Set([
  200, 204, 206, 301, 302, 303, 304, 307, 308, 400, 401, 403, 404, 405, 411, 413, 414, 416, 417,
  431, 501, 505,
])

// --- Paths -------------------------------------------------------------------------------

/** Segments of the app's routes, so that random paths reach real pages, payloads and assets. */
export const KNOWN_SEGMENTS = [
  '',
  'notes',
  '3',
  '9999',
  'new',
  'edit',
  'docs',
  'getting-started',
  'tags',
  'garden',
  'about',
  'account',
  'admin',
  'sign-in',
  'lab',
  'interrupt',
  'not-found',
  'forbidden',
  'unauthorized',
  'redirect',
  'permanent-redirect',
  'external',
  'both',
  'actions',
  'inject',
  'echo',
  'n',
  'api',
  'assets',
  'index.html',
  'favicon.ico',
  '_.rsc',
]
// Left out on purpose: /stats (1.5 s each), /lab/never (never ends), and the lab routes that
// throw by design (/lab/errors/*, /lab/global/*, /lab/interrupt/self): they answer 500.

/** Dot segments and their encodings: what path traversal is made of. */
const TRAVERSAL = [
  '..',
  '.',
  '%2e%2e',
  '%2E%2E',
  '.%2e',
  '%2e.',
  '%252e%252e',
  '%c0%ae%c0%ae',
  '%e0%80%ae%e0%80%ae',
  '%uff0e%uff0e',
  '..%00',
  '..;',
  '....',
  '...',
]
const SEPARATORS = ['/', '%2f', '%2F', '\\', '%5c', '%5C', '//', '%252f', '%c0%af']

/** Hostile single segments: NUL, invalid or overlong percent-encoding, separators, unicode. */
const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%zz',
  '%',
  '%%',
  '%2',
  '%e0%a4%a',
  '%ff',
  '%fe%ff',
  '%c0%af',
  '%ed%a0%80',
  '%e2%80%a8',
  '%ef%bf%bf',
  utf8Bytes('\u2028'),
  utf8Bytes('ñ'),
  utf8Bytes('漢字'),
  utf8Bytes('🎉'),
  '\xff\xfe',
  '_.rsc',
  '%5f.rsc',
  '_.rsc_.rsc',
  ';',
  ';x=1',
  '*',
  '~',
  '$',
  '%20',
  '+',
  '%3Cscript%3E',
  '<script>',
  '"',
  "'",
  '{}',
  '|',
  '^',
  '`',
  '@',
  ':',
  '%3a',
]
const OVERLONG = [300, 2_000, 8_200, 17_000, 70_000].map((n) => 'a'.repeat(n))
const SUFFIXES = ['', '', '/', '_.rsc', '/_.rsc', '?late=1', '?x=%zz', '?%00', '#frag', '?a=1&a=2']
/**
 * Request targets that are not paths at all. (The asterisk form `*` and absolute URLs are in
 * the test of requests that cannot become a Fetch Request, in fuzz.test.ts.)
 */
const ODD_TARGETS = [
  '/_.rsc',
  '_.rsc',
  '/./',
  '/..',
  '/../',
  '/.%2e/',
  'notes',
  '/\\evil.example',
  '?',
  '/?',
  '/%',
  '/#x',
  '',
  ' /',
  '/ /',
  '/\t',
  '/\x7f',
  '/\x01',
]

/** Files outside dist/client that traversal aims at (relative to the project or absolute). */
export const TRAVERSAL_TARGETS = [
  'package.json',
  'tsconfig.json',
  'etc/passwd',
  'src/routes/notes/actions.ts',
  'src/framework/server/server-functions/invoke.ts',
  'dist/rsc/index.js',
  'rsc/index.js',
  'rsc/server.js',
  'rsc/__vite_rsc_encryption_key.js',
  'ssr/index.js',
  '.git/config',
]

function segmentArbitrary(): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...KNOWN_SEGMENTS), weight: 5 },
    { arbitrary: fc.constantFrom(...HOSTILE_SEGMENTS), weight: 3 },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 12 }).map(percentEncode), weight: 1 },
    {
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: 6 }).map(utf8Bytes),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...KNOWN_SEGMENTS).map(percentEncode), weight: 1 },
    { arbitrary: fc.constantFrom(...OVERLONG), weight: 1 },
  )
}

/** `extraTargets`: absolute paths known only at run time (the server's data directory). */
export function pathArbitrary(extraTargets: string[] = []): fc.Arbitrary<string> {
  const plain = fc
    .tuple(
      fc.array(segmentArbitrary(), { maxLength: 6 }),
      fc.constantFrom(...SEPARATORS),
      fc.constantFrom(...SUFFIXES),
    )
    .map(([segments, separator, suffix]) => `/${segments.join(separator)}${suffix}`)
  const traversal = fc
    .tuple(
      fc.constantFrom('/', '/assets/', '/assets/x/', '/notes/', '/docs/', '/_.rsc/', ''),
      fc.array(fc.tuple(fc.constantFrom(...TRAVERSAL), fc.constantFrom(...SEPARATORS)), {
        minLength: 1,
        maxLength: 10,
      }),
      fc.constantFrom(...TRAVERSAL_TARGETS, ...extraTargets.map((path) => path.slice(1))),
      fc.boolean(),
      fc.constantFrom('', '', '_.rsc', '%00', '%00.js', '?x', '/'),
    )
    .map(([prefix, steps, file, encodeFile, suffix]) => {
      const name = encodeFile ? percentEncode(file) : file
      return `${prefix}${steps.map(([dots, sep]) => dots + sep).join('')}${name}${suffix}`
    })
  return fc.oneof(
    { arbitrary: plain, weight: 5 },
    { arbitrary: traversal, weight: 4 },
    { arbitrary: fc.constantFrom(...ODD_TARGETS), weight: 1 },
  )
}

// --- Methods and headers -----------------------------------------------------------------

/** (TRACE is in the test of requests that cannot become a Fetch Request, in fuzz.test.ts.) */
export const METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'TRACK',
  'CONNECT',
  'PROPFIND',
  'SEARCH',
  'QUERY',
  'PURGE',
  'M-SEARCH',
  'FOO',
  'get',
  'Get',
  'G\x00T',
]

/** Headers the framework or Node reads, so random values reach real code. */
const HEADER_NAMES = [
  HEADER_ACTION_ID,
  HEADER_PREFETCH,
  'if-none-match',
  'if-modified-since',
  'accept',
  'accept-encoding',
  'accept-language',
  'cookie',
  'origin',
  'referer',
  'content-type',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-forwarded-for',
  'forwarded',
  'user-agent',
  'cache-control',
  'pragma',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'authorization',
  'x-test-id',
  'max-forwards',
  'x-http-method-override',
]
// Not here: Host (its own test), Range (its own test), and the framing headers
// (Content-Length, Transfer-Encoding, Connection), which the request builder sets consistently
// so that the server never waits for bytes that will not come.

const INVALID_HEADER_NAMES = ['bad name', 'x:y', 'x\x01', utf8Bytes('ü'), '(x)', ' x', 'x ', '"x"']

const HEADER_VALUES = [
  '',
  ' ',
  '*',
  'null',
  'undefined',
  '0',
  '-1',
  '1e999',
  'gzip, br, deflate, zstd, *;q=0',
  'text/html',
  'text/x-component',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/x-www-form-urlencoded',
  '"etag"',
  'W/"x", *',
  'session=abc',
  'session=abc; session=def',
  `session=${'a'.repeat(4096)}`,
  'http://evil.example',
  'http://127.0.0.1',
  'file:///etc/passwd',
  '100-continue',
  'websocket',
  '%00',
  '\x00',
  '\x7f',
  '\xff\xfe',
  utf8Bytes('é漢🎉'),
  'a\rb',
  'a\nb',
  '<script>window.__injected = 1</script>',
  '../../../../etc/passwd',
  '#',
  'a#b',
  `a#${'b'.repeat(300)}`,
  '"$@0"',
]

/** A header value without CR LF pairs (they would end the headers early). */
const headerValueArbitrary = fc.oneof(
  { arbitrary: fc.constantFrom(...HEADER_VALUES), weight: 4 },
  {
    arbitrary: fc
      .string({ unit: 'binary-ascii', maxLength: 40 })
      .map((value) => value.replace(/\r\n|\n\r/g, '')),
    weight: 2,
  },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }).map(utf8Bytes), weight: 1 },
  { arbitrary: fc.constantFrom(8_000, 17_000, 70_000).map((n) => 'v'.repeat(n)), weight: 1 },
)

const headerArbitrary: fc.Arbitrary<[string, string]> = fc.tuple(
  fc.oneof(
    { arbitrary: fc.constantFrom(...HEADER_NAMES), weight: 6 },
    { arbitrary: fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), weight: 2 },
    { arbitrary: fc.constantFrom(...INVALID_HEADER_NAMES), weight: 1 },
  ),
  headerValueArbitrary,
)

/** A few headers; or one header repeated many times; or very many different ones. */
export const headersArbitrary: fc.Arbitrary<[string, string][]> = fc.oneof(
  { arbitrary: fc.array(headerArbitrary, { maxLength: 8 }), weight: 6 },
  {
    arbitrary: fc
      .tuple(headerArbitrary, fc.integer({ min: 2, max: 300 }))
      .map(([[name, value], times]) =>
        Array.from({ length: times }, (): [string, string] => [name, value.slice(0, 200)]),
      ),
    weight: 2,
  },
  {
    arbitrary: fc
      .integer({ min: 100, max: 3_000 })
      .map((n) => Array.from({ length: n }, (_, i): [string, string] => [`x-h-${i}`, `${i}`])),
    weight: 1,
  },
)

// --- Bodies ------------------------------------------------------------------------------

/** What encodeReply makes of plain JSON arguments: strings starting with `$` are escaped. */
export function encodeJsonArguments(args: unknown): string {
  return JSON.stringify(args, (_key, value: unknown) =>
    typeof value === 'string' && value.startsWith('$') ? `$${value}` : value,
  )
}

/** React reply tags (references, promises, Maps, FormData, server references, …), unescaped. */
const REPLY_TAGS = [
  '$',
  '$$',
  '$@0',
  '$@1',
  '$0',
  '$1',
  '$1:a:b',
  '$0:constructor:constructor',
  '$Q1',
  '$W1',
  '$K1',
  '$h1',
  '$T',
  '$F1',
  '$B1',
  '$i1',
  '$l1',
  '$n1',
  `$n${'9'.repeat(5000)}`,
  '$D',
  '$Dnot-a-date',
  '$Infinity',
  '$-Infinity',
  '$NaN',
  '$-0',
  '$undefined',
  '$Z',
  '$S',
  '$R1',
  '$r1',
  '$X1',
  '$Y1',
  '$A1',
  '$O1',
  '$o1',
  '$U1',
  '$u1',
  '$E',
]

const DEPTHS = [1_000, 10_000, 100_000, 400_000]

/** Bodies for a server function call: encodings of random arguments, cut, garbage, deep. */
export const replyBodyArbitrary: fc.Arbitrary<Buffer> = fc
  .oneof(
    {
      arbitrary: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }).map(encodeJsonArguments),
      weight: 3,
    },
    {
      // A real encoding cut anywhere: what a dropped upload leaves.
      arbitrary: fc
        .tuple(fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }), fc.nat())
        .map(([args, cut]) => {
          const text = encodeJsonArguments(args)
          return text.slice(0, cut % Math.max(text.length, 1))
        }),
      weight: 2,
    },
    {
      arbitrary: fc
        .array(fc.constantFrom(...REPLY_TAGS), { minLength: 1, maxLength: 4 })
        .map((tags) => JSON.stringify(tags)),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...DEPTHS),
          fc.constantFrom<[string, string, string]>(
            ['[', '', ']'],
            ['{"a":', '0', '}'],
            ['["$@1",', '0', ']'],
            ['[', '', ''],
            ['{"a":[', '0', ']}'],
          ),
        )
        .map(([depth, [open, middle, close]]) => open.repeat(depth) + middle + close.repeat(depth)),
      weight: 2,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
      weight: 2,
    },
    {
      arbitrary: fc.constantFrom(
        '',
        'null',
        '{}',
        '"x"',
        '[',
        '[]',
        `[${'1,'.repeat(5_000)}1]`,
        `["${'x'.repeat(900_000)}"]`,
        `["${'x'.repeat(1_100_000)}"]`,
        '\xef\xbb\xbf[]',
        '[\ud800]',
      ),
      weight: 1,
    },
  )
  .map((body) => (Buffer.isBuffer(body) ? body : Buffer.from(body)))

export interface Part {
  name: string
  value: string
  filename?: string
  contentType?: string
}

/** multipart/form-data as a browser writes it (CRLF line ends, a final boundary). */
export function multipartBody(parts: Part[], boundary: string): string {
  const fields = parts.map((part) => {
    const filename = part.filename === undefined ? '' : `; filename="${part.filename}"`
    const type = part.contentType === undefined ? '' : `\r\ncontent-type: ${part.contentType}`
    return `--${boundary}\r\ncontent-disposition: form-data; name="${part.name}"${filename}${type}\r\n\r\n${part.value}\r\n`
  })
  return `${fields.join('')}--${boundary}--\r\n`
}

/**
 * How a multipart body goes wrong: not at all, cut short, a boundary that differs from the
 * header's, LF line ends, no final boundary, or garbage around it.
 */
export type Framing = 'whole' | 'cut' | 'other-boundary' | 'lf' | 'no-end' | 'garbage'

export function frameMultipart(body: string, boundary: string, framing: Framing, cut: number) {
  switch (framing) {
    case 'whole':
      return body
    case 'cut':
      return body.slice(0, cut % Math.max(body.length, 1))
    case 'other-boundary':
      return body.replaceAll(boundary, `${boundary}x`)
    case 'lf':
      return body.replaceAll('\r\n', '\n')
    case 'no-end':
      return body.slice(0, body.lastIndexOf(`--${boundary}--`))
    case 'garbage':
      return `\x00\xff garbage\r\n${body}--${boundary}\r\n\x00`
  }
}

export const boundaryArbitrary = fc.oneof(
  fc.stringMatching(/^[A-Za-z0-9'()+_,./:=?-]{1,70}$/).filter((b) => !b.endsWith(' ')),
  fc.constantFrom('x', '----WebKitFormBoundary7MA4YWxkTrZu0gW', 'a'.repeat(200), '"quoted"', '--'),
)

// --- Checking responses ------------------------------------------------------------------

/** Text that, in a response, shows that a file outside dist/client was read. */
export interface FileMarker {
  /** The file it comes from. */
  file: string
  marker: string
}

export interface ResponseChecks {
  markers: FileMarker[]
  /** Text that must never reach a client: server error messages, server paths. */
  secrets: string[]
}

/** What is wrong with one answer, or undefined when nothing is. */
export function problemWith(
  request: FuzzRequest,
  answer: RawResponse | Error,
  checks: ResponseChecks,
): string | undefined {
  if (answer instanceof Error) {
    if (request.mayClose && answer instanceof NoResponseError) return undefined
    return `no answer: ${answer.message}`
  }
  const { status, headers, body } = answer
  const text = body.toString('latin1')
  const productionError = /^Internal Server Error \(digest \d+\)\n?$/.test(body.toString('utf8'))
  if (!request.allowed.has(status) && !(status === 500 && request.mayThrow && productionError)) {
    return `status ${status}: ${describeBytes(body)}`
  }
  for (const { file, marker } of checks.markers) {
    if (text.includes(marker) || body.toString('utf8').includes(marker)) {
      return `status ${status}, the body shows ${file}: ${describeBytes(body)}`
    }
  }
  for (const secret of checks.secrets) {
    if (body.toString('utf8').includes(secret)) {
      return `status ${status}, the body shows ${JSON.stringify(secret)}: ${describeBytes(body)}`
    }
  }
  if (/^text\/html/.test(headers['content-type'] ?? '')) {
    if (headers['x-content-type-options'] !== 'nosniff' || !headers['referrer-policy']) {
      return `status ${status}: an HTML answer without nosniff and a Referrer-Policy`
    }
  }
  return undefined
}

/**
 * Sends the requests (at most `concurrency` at a time) and throws one error listing every
 * request whose answer has a problem.
 */
export async function sendAndCheck(
  origin: string,
  requests: FuzzRequest[],
  checks: ResponseChecks,
  concurrency = 8,
): Promise<void> {
  const problems = await mapConcurrently(requests, concurrency, async (request) => {
    const answer = await sendRaw(origin, request.bytes).catch((error: Error) => error)
    const problem = problemWith(request, answer, checks)
    return problem && `${request[fc.toStringMethod]()}\n  → ${problem}`
  })
  const found = problems.filter(Boolean)
  if (found.length) throw new Error(found.join('\n'))
}
