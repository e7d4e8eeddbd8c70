// The checks that can refuse a server function post, all before anything is decoded or run
// (docs/security.md): the origin (CSRF), the body's size, the function id's format, and whether
// the id names a function "use server" registered. invoke.ts runs them in that order, then
// decodes the arguments and runs the function.
import type { FrameworkConfig } from '../../config.ts'
import { bodyTooLargeResponse, refuse } from '../../wire/errors.ts'
import { matchesHostPattern, type ParsedRequest } from '../../wire/protocol.ts'
import { readWithin } from '../body-limit.ts'
import type { ReactServer } from '../core-state.ts'

/**
 * Refuses cross-site posts (CSRF): the origin must be the host the request addressed
 * (`parsed.host`) or allow-listed.
 */
export function checkOrigin(
  request: Request,
  parsed: ParsedRequest,
  config: FrameworkConfig,
): Response | null {
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
  const { host } = parsed
  if (originHost === host) return null
  if (
    config.serverFunctions.allowedOrigins.some((pattern) => matchesHostPattern(originHost, pattern))
  ) {
    return null
  }
  return refuse(
    403,
    `Server function refused: origin ${originHost} does not match host ${host}. ` +
      'If that origin is trusted, add it to serverFunctions.allowedOrigins.',
  )
}

/** A refused post's body is waited for (read and dropped, never decoded) up to this size... */
const DRAINED_BODY_BYTES = 64 * 1024
/** ...and for at most this long. */
const DRAIN_WAIT_MS = 1000

/**
 * `refusal`, sent once a small declared body has arrived: a client still writing its body to a
 * connection the server closes after the refusal would get a broken pipe instead of the answer
 * (a form posted from another origin, say). Larger, undeclared or slow bodies are not waited for.
 */
export async function afterSmallBody(request: Request, refusal: Response): Promise<Response> {
  const declared = Number(request.headers.get('content-length') ?? Number.NaN)
  if (!request.body || !(declared <= DRAINED_BODY_BYTES)) return refusal
  let timer: ReturnType<typeof setTimeout> | undefined
  await Promise.race([
    readWithin(request, DRAINED_BODY_BYTES).catch(() => null),
    new Promise((resolve) => {
      timer = setTimeout(resolve, DRAIN_WAIT_MS)
    }),
  ])
  clearTimeout(timer)
  return refusal
}

/** The body, or 413 once it passes `serverFunctions.bodySizeLimit`. */
export async function readLimitedBody(
  request: Request,
  config: FrameworkConfig,
): Promise<Uint8Array<ArrayBuffer> | Response> {
  const { bodySizeLimit } = config.serverFunctions
  return (
    (await readWithin(request, bodySizeLimit)) ??
    bodyTooLargeResponse('Server function refused', bodySizeLimit, 'serverFunctions.bodySizeLimit')
  )
}

/** `<file id>#<export name>`, as @vitejs/plugin-rsc writes server references. */
const ACTION_ID = /^[^#\s]{1,512}#[A-Za-z_$][\w$]{0,255}$/

/** 400 for an id that is not a server reference's; null for one that is. */
export function checkFunctionId(id: string): Response | null {
  return ACTION_ID.test(id) ? null : refuse(400, 'Malformed server function id.')
}

export type ServerFunction = (...args: unknown[]) => unknown

/** What React's registerServerReference() marks a function with: "use server" does it. */
const SERVER_REFERENCE = Symbol.for('react.server.reference')

/**
 * The export plugin-rsc makes of an inline "use server" function (`$$hoist_0_save`): it is
 * marked where the component that defines it renders, not when its module loads, so a server
 * that never rendered that component (a page served from the build's prerendered store) holds
 * it unmarked. Only plugin-rsc's transform writes such exports, and only in modules it
 * registered as server references (the only ones loadServerAction loads), so the name is proof
 * enough. No property of Object.prototype has that form.
 */
const HOISTED_INLINE_FUNCTION = /^\$\$hoist_\d+(_|$)/

/** Whether `fn`, the export `id` names, is a function "use server" made a server function. */
function isServerFunction(id: string, fn: unknown): fn is ServerFunction {
  if (typeof fn !== 'function') return false
  if ((fn as { $$typeof?: unknown }).$$typeof === SERVER_REFERENCE) return true
  return HOISTED_INLINE_FUNCTION.test(id.slice(id.indexOf('#') + 1))
}

/** The function `id` names if "use server" registered it; else 404. */
export async function loadRegisteredFunction(
  loadServerAction: ReactServer['loadServerAction'],
  id: string,
): Promise<ServerFunction | Response> {
  let fn: unknown
  try {
    fn = await loadServerAction(id)
  } catch {
    fn = undefined // no module with that id in this build
  }
  // Under the dev server the lookup is any export of the module (its page component, a
  // helper), or even a property Object.prototype has (`#constructor`): only a function
  // "use server" registered may run, as in the build.
  if (isServerFunction(id, fn)) return fn
  return refuse(
    404,
    `Server function ${id} was not found. The page may come from another deployment of the app: reload it.`,
  )
}

/** A page accepts posts only from its forms: React's form encodings. */
export function notAFormPost(): Response {
  return refuse(405, 'This page accepts POST only from its forms.')
}

/** Whether a post's body is in one of React's form encodings, which a form could have sent. */
export function isFormEncoding(contentType: string): boolean {
  return /^(multipart\/form-data|application\/x-www-form-urlencoded)/.test(contentType)
}
