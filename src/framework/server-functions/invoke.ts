// Server function posts. Every check that can refuse a post runs before anything is decoded or
// run: origin, body size, function id. What the function did (its value, or the error or
// interrupt it threw) goes back to entry.rsc.tsx, which renders the response.
import {
  createTemporaryReferenceSet,
  decodeAction,
  decodeFormState,
  decodeReply,
  loadServerAction,
} from '@vitejs/plugin-rsc/rsc'
import type { ReactFormState } from 'react-dom/client'
import type { FrameworkConfig } from '../config.ts'
import { setRequestPhase } from '../server/request-store.ts'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'
import { CONTENT_TYPE_TEXT } from '../wire/protocol.ts'

/**
 * A refusal, sent before the body was read (or all of it): the connection closes after it, so
 * the rest of a large upload is neither read nor mistaken for the connection's next request.
 */
function refuse(status: number, message: string): Response {
  return new Response(`${message}\n`, {
    status,
    headers: { 'content-type': CONTENT_TYPE_TEXT, connection: 'close' },
  })
}

/** The host the browser addressed: the first X-Forwarded-Host only behind a trusted proxy. */
function requestHost(request: Request, config: FrameworkConfig): string {
  const forwarded = config.trustProxy ? request.headers.get('x-forwarded-host') : null
  const host =
    forwarded?.split(',')[0]?.trim() || request.headers.get('host') || new URL(request.url).host
  return host.toLowerCase()
}

function matchesAllowedOrigin(host: string, pattern: string): boolean {
  const bare = pattern.replace(/^[a-z]+:\/\//i, '').toLowerCase()
  const labels = bare
    .split('.')
    .map((label) => (label === '*' ? '[^.]+' : label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
  return new RegExp(`^${labels.join('\\.')}$`).test(host)
}

/** Refuses cross-site posts (CSRF): the origin must be the page's host or allow-listed. */
function checkOrigin(request: Request, config: FrameworkConfig): Response | null {
  const origin = request.headers.get('origin')
  if (origin === null) return null // not sent by a browser making a cross-site request
  let originHost: string
  try {
    if (origin === 'null') throw new Error('opaque origin')
    originHost = new URL(origin).host.toLowerCase()
  } catch {
    return refuse(
      403,
      `Server function refused: the request's origin (${origin}) is opaque or invalid.`,
    )
  }
  const host = requestHost(request, config)
  if (originHost === host) return null
  if (
    config.serverFunctions.allowedOrigins.some((pattern) =>
      matchesAllowedOrigin(originHost, pattern),
    )
  ) {
    return null
  }
  return refuse(
    403,
    `Server function refused: origin ${originHost} does not match host ${host}. ` +
      'If that origin is trusted, add it to serverFunctions.allowedOrigins.',
  )
}

/** Reads the body, stopping as soon as it passes `limit` bytes: a huge post is never buffered. */
async function readBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > limit) return null
  if (!request.body) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of request.body) {
    size += chunk.byteLength
    if (size > limit) return null // leaving the loop cancels the rest of the upload
    chunks.push(chunk)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

const tooLarge = (config: FrameworkConfig) =>
  refuse(
    413,
    `Server function refused: the request body is larger than ${config.serverFunctions.bodySizeLimit} bytes (serverFunctions.bodySizeLimit).`,
  )

async function toFormData(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData> {
  return new Response(body, { headers: { 'content-type': contentType } }).formData()
}

/** `<file id>#<export name>`, as @vitejs/plugin-rsc writes server references. */
const ACTION_ID = /^[^#\s]{1,512}#[A-Za-z_$][\w$]{0,255}$/

type ServerFunction = (...args: unknown[]) => unknown

/** What React's registerServerReference() marks a function with: "use server" does it. */
const SERVER_REFERENCE = Symbol.for('react.server.reference')

async function loadFunction(id: string): Promise<ServerFunction | undefined> {
  try {
    const fn: unknown = await loadServerAction(id)
    // Under the dev server the lookup is any export of the module (its page component, a
    // helper), or even a property Object.prototype has (`#constructor`): only a function
    // "use server" registered may run, as in the build.
    const registered =
      typeof fn === 'function' && (fn as { $$typeof?: unknown }).$$typeof === SERVER_REFERENCE
    return registered ? (fn as ServerFunction) : undefined
  } catch {
    return undefined // no module with that id in this build
  }
}

const unknownFunction = (id: string) =>
  refuse(
    404,
    `Server function ${id} was not found. The page may come from another deployment of the app: reload it.`,
  )

/**
 * An inline server function that closes over variables gets them back encrypted, as its first
 * (bound) argument. Posted without them, or with forged ones, decryption fails: the request is
 * malformed, not the app broken.
 */
function isForgedBoundCall(id: string, error: unknown): boolean {
  return (
    id.includes('#$$hoist_') &&
    error instanceof DOMException &&
    (error.name === 'OperationError' || error.name === 'InvalidCharacterError')
  )
}

/**
 * The id a form posted without JavaScript names, in React's form encoding: `$ACTION_ID_<id>`,
 * or for a function with bound arguments `$ACTION_REF_<n>` with `{"id":…}` in `$ACTION_<n>:0`.
 * Undefined: not a server function form. Null: the fields are there but malformed.
 */
function formActionId(formData: FormData): string | null | undefined {
  // As React's decodeAction: every such field is read, and the last one is the one that runs.
  let id: string | null | undefined
  for (const key of formData.keys()) {
    if (key.startsWith('$ACTION_ID_')) id = key.slice('$ACTION_ID_'.length)
    else if (key.startsWith('$ACTION_REF_')) {
      const metadata = formData.get(`$ACTION_${key.slice('$ACTION_REF_'.length)}:0`)
      try {
        const named: unknown = JSON.parse(String(metadata)).id
        id = typeof named === 'string' ? named : null
      } catch {
        id = null
      }
    }
  }
  return id
}

export interface CallOutcome {
  /** Settles as the function did; React serialises a rejection with the production rule. */
  returnValue: Promise<unknown>
  interrupt: Interrupt | null
  temporaryReferences: ReturnType<typeof createTemporaryReferenceSet>
}

/** A call from `callServer` (JavaScript): id in a header, arguments encoded by encodeReply. */
export async function callServerFunction(
  request: Request,
  actionId: string,
  config: FrameworkConfig,
): Promise<CallOutcome | Response> {
  const refused = checkOrigin(request, config)
  if (refused) return refused
  if (!ACTION_ID.test(actionId)) return refuse(400, 'Malformed server function id.')
  const body = await readBody(request, config.serverFunctions.bodySizeLimit)
  if (!body) return tooLarge(config)

  const fn = await loadFunction(actionId)
  if (!fn) return unknownFunction(actionId)

  const temporaryReferences = createTemporaryReferenceSet()
  let args: unknown
  try {
    const contentType = request.headers.get('content-type') ?? ''
    const encoded = contentType.startsWith('multipart/form-data')
      ? await toFormData(body, contentType)
      : new TextDecoder('utf-8', { fatal: true }).decode(body)
    args = await decodeReply(encoded, { temporaryReferences })
  } catch {
    return refuse(
      400,
      'Malformed server function arguments: the body is not a React reply encoding.',
    )
  }
  if (!Array.isArray(args)) return refuse(400, 'Malformed server function arguments: not a list.')
  if (args.length > config.serverFunctions.maxArguments) {
    return refuse(400, `Too many arguments: at most ${config.serverFunctions.maxArguments}.`)
  }

  setRequestPhase('action')
  const returnValue = Promise.resolve().then(() => fn(...args))
  const interrupt = await returnValue.then(
    () => null,
    (error: unknown) => parseInterrupt(error),
  )
  setRequestPhase('render')
  return { returnValue, interrupt, temporaryReferences }
}

export interface FormOutcome {
  formState: ReactFormState | undefined
  interrupt: Interrupt | null
  /** What the function threw, when that was an error rather than an interrupt. */
  error?: unknown
}

/** A `<form action>` post without JavaScript: React's form encoding, answered with a page. */
export async function submitFormAction(
  request: Request,
  config: FrameworkConfig,
): Promise<FormOutcome | Response> {
  const refused = checkOrigin(request, config)
  if (refused) return refused
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(contentType)) {
    return refuse(405, 'This page accepts POST only from its forms.')
  }
  const body = await readBody(request, config.serverFunctions.bodySizeLimit)
  if (!body) return tooLarge(config)

  const notAForm = () => refuse(405, 'This page accepts POST only from its forms.')
  let formData: FormData
  try {
    formData = await toFormData(body, contentType)
  } catch {
    return refuse(400, 'Malformed form body.')
  }
  const id = formActionId(formData)
  if (id === undefined) return notAForm()
  if (id === null || !ACTION_ID.test(id))
    return refuse(400, 'Malformed server function form fields.')
  if (!(await loadFunction(id))) return unknownFunction(id)
  let action: (() => Promise<unknown>) | null
  try {
    action = await decodeAction(formData)
  } catch {
    return refuse(400, 'Malformed server function form: its fields are not a React form encoding.')
  }
  if (typeof action !== 'function') return notAForm()

  setRequestPhase('action')
  let result: unknown
  let interrupt: Interrupt | null = null
  let error: unknown
  try {
    result = await action()
  } catch (thrown) {
    interrupt = parseInterrupt(thrown)
    if (!interrupt) error = thrown
  }
  setRequestPhase('render')
  if (error !== undefined && isForgedBoundCall(id, error)) {
    return refuse(400, 'Malformed server function form: its bound arguments do not decrypt.')
  }
  if (error !== undefined) return { formState: undefined, interrupt: null, error }
  const formState = interrupt ? undefined : await decodeFormState(result, formData)
  return { formState, interrupt }
}
