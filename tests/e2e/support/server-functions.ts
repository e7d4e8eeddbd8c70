// Server functions from outside a browser (docs/security.md): their ids found the way
// a client finds them (in a page's HTML and scripts), calls and form posts encoded the way React
// encodes them, the answer's payload rows, a large body streamed chunk by chunk, a process's
// memory, and signing in to the demo accounts with the no-JavaScript form.

import { once } from 'node:events'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { connect } from 'node:net'
import { HEADER_ACTION_ID } from '../../../src/framework/wire/protocol.ts'
import { ACCOUNTS } from './app.ts'
import { payloadPathOf } from './requests.ts'

interface ReactReplyClient {
  encodeReply(value: unknown): Promise<string | FormData>
}

/** React's own encoder of server function arguments (the Node build of its Flight client). */
const reactClient = createRequire(import.meta.url)(
  'react-server-dom-webpack/client',
) as ReactReplyClient

/** Arguments as React's `callServer` sends them (`encodeReply`). */
export function encodeArguments(args: unknown[]): Promise<string | FormData> {
  return reactClient.encodeReply(args)
}

const ENTITIES: Record<string, string> = {
  '&quot;': '"',
  '&#x27;': "'",
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
  '&amp;': '&',
}

function unescapeAttribute(value: string): string {
  return value.replace(/&(?:quot|#x27|#39|lt|gt|amp);/g, (entity) => ENTITIES[entity]!)
}

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`))
  return match ? unescapeAttribute(match[1]!) : undefined
}

export interface HtmlForm {
  /** The form's own markup, from `<form` to `</form>`. */
  html: string
  /** Its hidden inputs (React's `$ACTION_…` fields among them), by name, in document order. */
  hidden: [name: string, value: string][]
  /** The server function ids the form names (`$ACTION_ID_<id>`, or `{"id":…}` of a bound one). */
  actionIds: string[]
}

/** The forms of a server-rendered page. */
export function formsOf(html: string): HtmlForm[] {
  return [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map(([form]) => {
    const hidden: [string, string][] = []
    const actionIds: string[] = []
    for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
      if (attribute(tag, 'type') !== 'hidden') continue
      const name = attribute(tag, 'name') ?? ''
      const value = attribute(tag, 'value') ?? ''
      hidden.push([name, value])
      if (name.startsWith('$ACTION_ID_')) actionIds.push(name.slice('$ACTION_ID_'.length))
      else if (/^\$ACTION_\d+:0$/.test(name))
        actionIds.push((JSON.parse(value) as { id: string }).id)
    }
    return { html: form, hidden, actionIds }
  })
}

/** The page's form whose markup contains `text` (e.g. its submit button's label). */
export function formWith(html: string, text: string): HtmlForm {
  const form = formsOf(html).find((candidate) => candidate.html.includes(text))
  if (!form) throw new Error(`The page has no form containing ${JSON.stringify(text)}.`)
  return form
}

/**
 * The body of a form posted without JavaScript: its hidden fields (React's form encoding of the
 * server function and its bound arguments) plus the fields a user filled in.
 */
export function formBody(form: HtmlForm, fields: Record<string, string> = {}): FormData {
  const body = new FormData()
  for (const [name, value] of form.hidden) body.append(name, value)
  for (const [name, value] of Object.entries(fields)) body.append(name, value)
  return body
}

/**
 * The id of a server function that client components import (`exportName` in a "use server"
 * module), found where the browser finds it: in the scripts the page loads. `loadScript` reads
 * one script by its path (`/assets/…`).
 */
export async function clientServerFunctionId(
  html: string,
  exportName: string,
  loadScript: (path: string) => Promise<string>,
): Promise<string> {
  const scripts = new Set(
    [
      ...html.matchAll(/<(?:link rel="modulepreload"|script)[^>]*?(?:href|src)="(\/[^"]+\.js)"/g),
    ].map((match) => match[1]!),
  )
  const reference = new RegExp(`["'\`]([^"'\`\\s]+#${exportName})["'\`]`)
  for (const path of scripts) {
    const match = (await loadScript(path)).match(reference)
    if (match) return match[1]!
  }
  throw new Error(`No script of the page references the server function ${exportName}.`)
}

/** Reads a script from the server, as the browser does. */
export function scriptFromServer(origin: string): (path: string) => Promise<string> {
  return async (path) => {
    const response = await fetch(origin + path)
    if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`)
    return response.text()
  }
}

export interface CallOptions {
  /** The page the call is made from (its payload URL receives the POST). */
  pagePath: string
  actionId: string
  /** The body as sent; default: `encodeReply(args)`. */
  body?: BodyInit
  args?: unknown[]
  headers?: Record<string, string>
}

/** A server function call as `callServer` makes it: POST `<page>_.rsc`, id in a header. */
export async function callServerFunction(
  fetchImpl: (request: Request) => Promise<Response>,
  origin: string,
  options: CallOptions,
): Promise<Response> {
  const body = options.body ?? (await encodeArguments(options.args ?? []))
  return fetchImpl(
    new Request(origin + payloadPathOf(options.pagePath), {
      method: 'POST',
      headers: { [HEADER_ACTION_ID]: options.actionId, ...options.headers },
      body,
    }),
  )
}

/** The rows of an RSC payload, by id (`0` is the root), for the rows that are plain JSON. */
export function payloadRows(text: string): Map<string, unknown> {
  const rows = new Map<string, unknown>()
  for (const line of text.split('\n')) {
    const match = line.match(/^([0-9a-f]+):(.*)$/)
    if (!match) continue
    try {
      rows.set(match[1]!, JSON.parse(match[2]!))
    } catch {
      // not a JSON row (a module reference, a text chunk): not needed here
    }
  }
  return rows
}

/** The root row of a server function's answer, with `returnValue` resolved when it is JSON. */
export function payloadRoot(text: string): Record<string, unknown> {
  const rows = payloadRows(text)
  const root = rows.get('0') as Record<string, unknown> | undefined
  if (!root) throw new Error(`The payload has no root row:\n${text.slice(0, 500)}`)
  const reference = root.returnValue
  if (typeof reference === 'string' && /^\$@[0-9a-f]+$/.test(reference)) {
    return { ...root, returnValue: rows.get(reference.slice(2)) }
  }
  return root
}

export interface StreamedPostResult {
  /** The status line's code; 0 when the server closed the connection without answering. */
  status: number
  /** The response's head and whatever of its body arrived. */
  response: string
  /** Bytes of the request body written before the server answered. */
  sentBeforeAnswer: number
  /** Bytes of the request body written in all (less than planned if the server hung up). */
  sent: number
  /** The largest value `sample()` returned from the answer until the upload ended. */
  peakSample: number
}

/**
 * POSTs a large body in chunks (chunked transfer encoding, so no Content-Length announces its
 * size) over a raw connection, the way a client that ignores early answers uploads:
 * 1. writes `pauseAfterBytes` and then waits, the body still open, until the server answers
 *    (a server that wanted the whole body before deciding would never answer);
 * 2. writes the rest, up to `totalBytes`, unless the server closes the connection, calling
 *    `sample` every few milliseconds and after each chunk (e.g. to read the server's memory).
 */
export async function streamLargeBody(
  url: string,
  headers: Record<string, string>,
  options: {
    totalBytes: number
    pauseAfterBytes: number
    chunkSize?: number
    sample?: () => number
  },
): Promise<StreamedPostResult> {
  const { hostname, port, pathname, search, host } = new URL(url)
  const sample = options.sample ?? (() => 0)
  const chunkSize = options.chunkSize ?? 64 * 1024
  const socket = connect(Number(port), hostname)
  await once(socket, 'connect')
  let response = ''
  let ended = false
  const waiters = new Set<() => void>()
  const wake = () => {
    for (const waiter of [...waiters]) waiter()
  }
  socket.setEncoding('latin1')
  socket.on('data', (data: string) => {
    response += data
    wake()
  })
  socket.on('close', () => {
    ended = true
    wake()
  })
  socket.on('error', () => {
    // ECONNRESET / EPIPE: the server hung up on the rest of the upload, which is allowed.
    ended = true
    wake()
  })
  const next = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        waiters.delete(done)
        socket.off('drain', done)
        resolve()
      }
      waiters.add(done)
      socket.once('drain', done)
    })
  const head = Object.entries({ host, ...headers, 'transfer-encoding': 'chunked' })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('')
  socket.write(`POST ${pathname}${search} HTTP/1.1\r\n${head}\r\n`)
  const chunk = Buffer.concat([
    Buffer.from(`${chunkSize.toString(16)}\r\n`),
    Buffer.alloc(chunkSize, 'a'),
    Buffer.from('\r\n'),
  ])
  let sent = 0
  let peakSample = 0
  const writeUpTo = async (limit: number, sampling: boolean) => {
    while (sent < limit && !ended) {
      sent += chunkSize
      const more = socket.write(chunk)
      if (sampling) peakSample = Math.max(peakSample, sample())
      if (!more) await next()
    }
  }
  try {
    await writeUpTo(options.pauseAfterBytes, false)
    while (!response.includes('\r\n\r\n') && !ended) await next()
    const sentBeforeAnswer = sent
    peakSample = sample()
    const sampler = setInterval(() => {
      peakSample = Math.max(peakSample, sample())
    }, 5)
    try {
      await writeUpTo(options.totalBytes, true)
      if (!ended) socket.write('0\r\n\r\n')
    } finally {
      clearInterval(sampler)
    }
    peakSample = Math.max(peakSample, sample())
    const status = Number(response.match(/^HTTP\/1\.1 (\d{3})/)?.[1] ?? 0)
    return { status, response, sentBeforeAnswer, sent, peakSample }
  } finally {
    socket.destroy()
  }
}

/** Resident memory of a process, in bytes (Linux: `VmRSS` of /proc/<pid>/status). */
export function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = status.match(/^VmRSS:\s+(\d+)\s+kB$/m)
  if (!match) throw new Error(`No VmRSS for process ${pid}.`)
  return Number(match[1]) * 1024
}

/** The `session=…` cookie a sign-in answer sets, if it sets one. */
export function sessionCookieOf(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0]!)
    .find((pair) => pair.startsWith('session='))
}

/**
 * Signs in to one of the app's demo accounts by posting the /sign-in form without JavaScript,
 * as on either server target (Node or the Worker); resolves with the `session=…` cookie.
 */
export async function signInOverHttp(
  origin: string,
  account: { username: string; password: string },
): Promise<string> {
  const form = formWith(await (await fetch(`${origin}/sign-in`)).text(), 'Sign in')
  const response = await fetch(`${origin}/sign-in`, {
    method: 'POST',
    body: formBody(form, { username: account.username, password: account.password }),
    redirect: 'manual',
  })
  await response.arrayBuffer()
  const session = sessionCookieOf(response)
  if (response.status !== 303 || !session) {
    throw new Error(`Signing in as ${account.username} failed: ${response.status}, no session.`)
  }
  return session
}

/** The admin's session on each server, by origin: signed in once per server. */
const adminSessions = new Map<string, Promise<string>>()

/**
 * The admin's `session=…` cookie on the server at `origin`: the lab's controls that change
 * server state (draft mode, revalidation) are the admin's (docs/security.md, "The lab").
 */
export function adminSession(origin: string): Promise<string> {
  let session = adminSessions.get(origin)
  if (!session) {
    session = signInOverHttp(origin, ACCOUNTS.admin)
    adminSessions.set(origin, session)
    session.catch(() => adminSessions.delete(origin))
  }
  return session
}
