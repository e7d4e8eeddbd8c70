// Development only: a server error shown where the developer looks. Its code frame is read from
// the app's source (the first frame of its stack in the app's files) and logged with it; a
// document that failed answers HTML that loads Vite's client and opens its error overlay, and
// reloads once the server code changes; a failure in a page already open (a navigation, a server
// function call, a route handler's fetch) goes to that page's overlay over Vite's HMR channel.
// A production build never runs any of it: its client sees digests only (wire/errors.ts).
import type { Readable } from 'node:stream'
import { PassThrough } from 'node:stream'
import {
  codeFrame,
  DEV_SERVER_CHANGED_EVENT,
  DEV_VITE_CLIENT_URL,
  type DevErrorPayload,
  devErrorPayload,
  devErrorText,
  frameOf,
  type SourceLocation,
} from '../wire/dev-server.ts'
import {
  digestOf,
  INTERNAL_SERVER_ERROR,
  internalServerErrorResponse,
  serverErrorResponse,
} from '../wire/errors.ts'
import { escapeAttribute } from '../wire/inline-payload.server.ts'
import { parseInterrupt } from '../wire/interrupts.ts'
import {
  CACHE_CONTROL_PRIVATE,
  CONTENT_TYPE_HTML,
  HEADER_PREFETCH,
  type ParsedRequest,
  parseRequest,
} from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import type { RecordedError } from './render-errors.ts'

/** Where the framework's own files are: a frame there is not where the app went wrong. */
let frameworkDir: string | undefined
// Read when first needed, in development: a Worker's modules have no file URL to resolve against.
const frameworkDirectory = () => (frameworkDir ??= new URL('..', import.meta.url).pathname)

/** A stack line's file, line and column: `at f (/app/src/page.tsx:9:21)` or `at /app/x.ts:1:2`. */
const STACK_LOCATION = /(?:\(|\s)(?:file:\/\/)?(\/.*?):(\d+):(\d+)\)?$/

/** The first frame of `stack` in the app's own files (not node_modules, not the framework). */
export function appLocationOf(stack: string): SourceLocation | undefined {
  for (const line of stack.split('\n')) {
    if (!/^\s+at /.test(line)) continue
    const found = STACK_LOCATION.exec(line)
    if (!found) continue
    const file = decodeURI(found[1]!)
    if (file.includes('/node_modules/') || file.startsWith(frameworkDirectory())) continue
    return { file, line: Number(found[2]), column: Number(found[3]) }
  }
  return undefined
}

/** The source of `file`, read where the server can read files (not in every dev runtime). */
function sourceOf(file: string): string | undefined {
  try {
    return globalThis.process?.getBuiltinModule?.('node:fs')?.readFileSync(file, 'utf8')
  } catch {
    return undefined
  }
}

/**
 * Gives `error` the code frame of where it was thrown in the app (and that place as `loc`),
 * unless it has one. A compiler's error (it names its `plugin`) has its frame in its message.
 */
export function withCodeFrame(error: unknown): void {
  if (!(error instanceof Error) || frameOf(error) !== undefined || 'plugin' in error) return
  const loc = appLocationOf(error.stack ?? '')
  const source = loc && sourceOf(loc.file)
  if (!loc || source === undefined) return
  const frame = codeFrame(source, loc.line, loc.column)
  // Not enumerable: nothing that serialises the error (React's payload) carries them.
  Object.defineProperty(error, 'frame', { value: frame, configurable: true })
  if (!('loc' in error)) Object.defineProperty(error, 'loc', { value: loc, configurable: true })
}

/** JSON for an inline script: no `</script>` (nor `<!--`) can end it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c')

/**
 * The module script that opens Vite's overlay on `payload`, keeps it open until closed, and
 * reloads the page once server code changed, so a fixed file shows without reloading by hand.
 */
export function overlayScript(payload: DevErrorPayload, nonce?: string): string {
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''
  return (
    `<script type="module"${nonceAttribute}>` +
    `import { ErrorOverlay, createHotContext } from ${JSON.stringify(DEV_VITE_CLIENT_URL)};` +
    `let shown = new ErrorOverlay(${scriptJson(payload)});` +
    // The latest overlay (Vite's client replaces it with a later error) stays until closed:
    // React taking the document over (a page rendered in the browser) would drop it otherwise.
    'const closed = new WeakSet(), close = ErrorOverlay.prototype.close;' +
    'ErrorOverlay.prototype.close = function () { closed.add(this); close.call(this) };' +
    'const keep = (changes) => { for (const change of changes) for (const node of change.addedNodes) if (node instanceof ErrorOverlay) shown = node;' +
    ' if (!closed.has(shown) && !shown.isConnected) document.body.appendChild(shown) };' +
    'keep([]); new MutationObserver(keep).observe(document, { childList: true, subtree: true });' +
    `createHotContext('/@framework/server-error').on(${JSON.stringify(DEV_SERVER_CHANGED_EVENT)}, () => location.reload());` +
    '</script>'
  )
}

/** `html` (a document's stream) followed by the overlay of `error`. */
export function withOverlay(html: Readable, error: unknown, nonce?: string): Readable {
  return withOverlayAtEnd(html, () => ({ error }), nonce)
}

/**
 * `html` followed by the overlay of the first error its render threw after the shell (an
 * error.tsx inside a Suspense boundary shows it in the page): known only once it has streamed.
 */
export function withLateErrorOverlay(
  html: Readable,
  errors: () => readonly RecordedError[],
  nonce?: string,
): Readable {
  return withOverlayAtEnd(
    html,
    () => {
      const failed = errors().find((recorded) => recorded.interrupt === null)
      return failed && { error: failed.thrown }
    },
    nonce,
  )
}

function withOverlayAtEnd(
  html: Readable,
  failure: () => { error: unknown } | undefined,
  nonce?: string,
): Readable {
  const out = new PassThrough()
  html.once('error', (error) => out.destroy(error))
  html.once('end', () => {
    const shown = failure()
    out.end(shown ? overlayScript(devErrorPayload(shown.error), nonce) : undefined)
  })
  html.pipe(out, { end: false })
  return out
}

/** A document that failed before it could render anything: a page with the overlay alone. */
function overlayDocument(error: unknown): Response {
  const { message } = devErrorPayload(error)
  const title = message.split('\n')[0]!.replace(/[<>&]/g, ' ').slice(0, 120)
  return new Response(
    `<!DOCTYPE html><html><head><meta charset="utf-8"><title>${title}</title></head><body>` +
      `${overlayScript(devErrorPayload(error))}</body></html>`,
    {
      status: 500,
      statusText: INTERNAL_SERVER_ERROR,
      headers: { 'content-type': CONTENT_TYPE_HTML, 'cache-control': CACHE_CONTROL_PRIVATE },
    },
  )
}

/** Opens the overlay on `error` in the pages open on the dev server. */
function showInOpenPages(core: Core, error: unknown): void {
  core.showDevError?.(devErrorPayload(error))
}

/**
 * What a render threw (React's onError, render-payload.tsx), in development: given its code
 * frame for the log, and shown in the open pages unless a document is being rendered, whose
 * HTML shows it (document.ts). Interrupts are control flow, not errors.
 */
export function showRenderError(core: Core, request: Request, error: unknown): void {
  if (parseInterrupt(error)) return
  withCodeFrame(error)
  // A prefetch is not a page the developer went to: its error shows when they do.
  if (request.headers.has(HEADER_PREFETCH)) return
  if (parseRequest(request, core.config.trustProxy).type !== 'document') {
    showInOpenPages(core, error)
  }
}

/**
 * The answer to a request that failed outside a render (core.ts). In production, 500 with the
 * digest. In development, with the message, the stack and the code frame: a browser's document
 * load is the overlay; a payload is left to the document load the router falls back to, which
 * logs and shows it (once); anything else (a server function call, a route handler) is logged,
 * opens the overlay of the pages open, and answers 500 with them in its body.
 */
export function failedRequestResponse(
  core: Core,
  request: Request,
  parsed: ParsedRequest,
  error: unknown,
): Response {
  if (!core.dev) return internalServerErrorResponse(error)
  withCodeFrame(error)
  if (parsed.type === 'payload') return serverErrorResponse(digestOf(error), devErrorText(error))
  const response = internalServerErrorResponse(error, true)
  const html = request.headers.get('accept')?.includes('text/html') === true
  if (parsed.type === 'document' && html) return overlayDocument(error)
  showInOpenPages(core, error)
  return response
}
