// Server function posts: the checks of guards.ts first (origin, body size, function id), so
// that nothing is decoded or run for a post they refuse; then the arguments decoded and the
// function run. What the function did (its value, or the error or interrupt it threw) goes back
// to respond.ts, which renders the response.
import type { ReactFormState } from 'react-dom/client'
import { refuse } from '../../wire/errors.ts'
import { type Interrupt, parseInterrupt } from '../../wire/interrupts.ts'
import type { ParsedRequest } from '../../wire/protocol.ts'
import type { Core, ReactServer } from '../core-state.ts'
import { invalidationsRecorded, setRequestPhase } from '../request-store.ts'
import {
  afterSmallBody,
  checkFunctionId,
  checkOrigin,
  isFormEncoding,
  loadRegisteredFunction,
  readLimitedBody,
} from './guards.ts'

async function toFormData(body: Uint8Array<ArrayBuffer>, contentType: string): Promise<FormData> {
  return new Response(body, { headers: { 'content-type': contentType } }).formData()
}

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
  temporaryReferences: ReturnType<ReactServer['createTemporaryReferenceSet']>
}

/** A post from `callServer`, as the protocol reads it. */
export type ServerFunctionCall = Extract<ParsedRequest, { type: 'action' }>

/** A call from `callServer` (JavaScript): id in a header, arguments encoded by encodeReply. */
export async function callServerFunction(
  core: Core,
  request: Request,
  parsed: ServerFunctionCall,
): Promise<CallOutcome | Response> {
  const { config, react } = core
  const { actionId } = parsed
  const refused = checkOrigin(request, parsed, config) ?? checkFunctionId(actionId)
  if (refused) return afterSmallBody(request, refused)
  const body = await readLimitedBody(request, config)
  if (body instanceof Response) return body
  const fn = await loadRegisteredFunction(react.loadServerAction, actionId)
  if (fn instanceof Response) return fn

  const temporaryReferences = react.createTemporaryReferenceSet()
  let args: unknown
  try {
    const contentType = request.headers.get('content-type') ?? ''
    const encoded = contentType.startsWith('multipart/form-data')
      ? await toFormData(body, contentType)
      : new TextDecoder('utf-8', { fatal: true }).decode(body)
    args = await react.decodeReply(encoded, { temporaryReferences })
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
  // An invalidation the function asked for and the store could not record fails the call.
  const returnValue = Promise.resolve()
    .then(() => fn(...args))
    .finally(invalidationsRecorded)
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
  core: Core,
  request: Request,
  parsed: ParsedRequest,
  notAForm: () => Response,
): Promise<FormOutcome | Response> {
  const { config, react } = core
  const contentType = request.headers.get('content-type') ?? ''
  const refused =
    checkOrigin(request, parsed, config) ?? (isFormEncoding(contentType) ? null : notAForm())
  if (refused) return afterSmallBody(request, refused)
  const body = await readLimitedBody(request, config)
  if (body instanceof Response) return body

  let formData: FormData
  try {
    formData = await toFormData(body, contentType)
  } catch {
    return refuse(400, 'Malformed form body.')
  }
  const id = formActionId(formData)
  if (id === undefined) return notAForm()
  if (id === null || checkFunctionId(id))
    return refuse(400, 'Malformed server function form fields.')
  const registered = await loadRegisteredFunction(react.loadServerAction, id)
  if (registered instanceof Response) return registered
  let action: (() => Promise<unknown>) | null
  try {
    action = await react.decodeAction(formData)
  } catch {
    return refuse(400, 'Malformed server function form: its fields are not a React form encoding.')
  }
  if (typeof action !== 'function') return notAForm()

  setRequestPhase('action')
  let result: unknown
  let interrupt: Interrupt | null = null
  let error: unknown
  try {
    result = await Promise.resolve()
      .then(() => action())
      .finally(invalidationsRecorded)
  } catch (thrown) {
    interrupt = parseInterrupt(thrown)
    if (!interrupt) error = thrown
  }
  setRequestPhase('render')
  if (error !== undefined && isForgedBoundCall(id, error)) {
    return refuse(400, 'Malformed server function form: its bound arguments do not decrypt.')
  }
  if (error !== undefined) return { formState: undefined, interrupt: null, error }
  const formState = interrupt ? undefined : await react.decodeFormState(result, formData)
  return { formState, interrupt }
}
