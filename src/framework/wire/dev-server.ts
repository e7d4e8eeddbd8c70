// Dev server only: how the rsc side, the framework's Vite plugin and the browser speak about
// server errors. A failed render's error goes to Vite's error overlay (the element that Vite's
// client defines), in the document itself or, for a page already open, over Vite's HMR channel,
// as a DevErrorPayload: its message, stack, where it points and a code frame. The code-changed
// event of the rsc side is in protocol.ts (DEV_CODE_CHANGED_EVENT).

/** The rsc side → the Vite plugin: a server error (a DevErrorPayload) for the open pages' overlay. */
export const DEV_SERVER_ERROR_EVENT = 'framework:server-error'

/** The Vite plugin → the browser: a file changed, which a failed document reloads for. */
export const DEV_SERVER_CHANGED_EVENT = 'framework:server-changed'

/** Vite's client: it defines the `vite-error-overlay` element and exports its class. */
export const DEV_VITE_CLIENT_URL = '/@vite/client'

/** Where an error points in a source file (1-based line and column), as Vite's overlay reads it. */
export interface SourceLocation {
  file: string
  line: number
  column: number
}

/**
 * A server error as Vite's error overlay shows it (Vite's ErrorPayload `err`), in development
 * only: the message, the source-mapped stack, and where it points with a code frame.
 */
export interface DevErrorPayload {
  message: string
  stack: string
  id?: string
  plugin?: string
  frame?: string
  loc?: SourceLocation
}

const field = (error: unknown, name: string): unknown =>
  typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined)

/** The code frame an error carries (Vite's and Rollup's `frame`), if any. */
export function frameOf(error: unknown): string | undefined {
  return text(field(error, 'frame'))
}

// Compilers colour their messages for the terminal: the browser shows them plain.
// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI escape sequences
const ANSI = /\u001b\[[0-9;]*m/g

function locationOf(value: unknown): SourceLocation | undefined {
  const file = text(field(value, 'file'))
  const line = field(value, 'line')
  const column = field(value, 'column')
  if (file === undefined || typeof line !== 'number' || typeof column !== 'number') return undefined
  return { file, line, column }
}

/** Where Oxc's message says a syntax error is (`╭─[ src/…/page.tsx:2:13 ]`), when no `loc` does. */
const MESSAGE_LOCATION = /─\[\s*(.+?):(\d+):(\d+)\s*\]/

function locationInMessage(message: string, id: string | undefined): SourceLocation | undefined {
  const found = MESSAGE_LOCATION.exec(message)
  if (!found) return undefined
  return { file: id ?? found[1]!, line: Number(found[2]), column: Number(found[3]) }
}

const firstOf = (list: unknown, name: string): unknown =>
  Array.isArray(list) ? field(list[0], name) : undefined

/** What Vite's overlay shows of `error`: never sent by a production build. */
export function devErrorPayload(error: unknown): DevErrorPayload {
  const plain = (value: string | undefined) => value?.replace(ANSI, '')
  const message = plain(text(field(error, 'message'))) ?? String(error)
  const stack = plain(text(field(error, 'stack'))) ?? ''
  const id = text(field(error, 'id'))
  return {
    message,
    // Vite's overlay shows the stack under the message: without the message's own lines.
    stack: stack
      .split('\n')
      .filter((line) => /^\s+at /.test(line))
      .join('\n'),
    id,
    plugin: text(field(error, 'plugin')),
    frame: plain(frameOf(error)),
    // A compiler's error (Rolldown's, Oxc's) lists where in its `errors`, or only in its message.
    loc:
      locationOf(field(error, 'loc') ?? firstOf(field(error, 'errors'), 'loc')) ??
      locationInMessage(message, id),
  }
}

/**
 * The lines of `source` around `line` (1-based), the line marked and a caret under `column`,
 * in the form Vite's overlay recognises as a code frame (`> 9 |   code` / `    |   ^`).
 */
export function codeFrame(source: string, line: number, column: number, around = 2): string {
  const lines = source.split(/\r?\n/)
  const first = Math.max(1, line - around)
  const last = Math.min(lines.length, line + around)
  const width = String(last).length
  const out: string[] = []
  for (let n = first; n <= last; n++) {
    out.push(`${n === line ? '>' : ' '} ${String(n).padStart(width)} | ${lines[n - 1]}`)
    if (n === line) out.push(`  ${' '.repeat(width)} | ${' '.repeat(Math.max(0, column - 1))}^`)
  }
  return out.join('\n')
}

/** An error as development shows it in plain text: the message, the stack, the code frame. */
export function devErrorText(error: unknown): string {
  const { message, stack, frame } = devErrorPayload(error)
  return [message, stack, frame].filter(Boolean).join('\n')
}
