// `route.ts` files: one exported function per HTTP method, Request in, Response out.

import type { RouteHandlerOptions } from '../config.ts'
import type { Params } from '../routing/types.ts'
import { bodyTooLargeResponse } from '../wire/errors.ts'
import { type FallbackStatus, parseInterrupt } from '../wire/interrupts.ts'
import { CONTENT_TYPE_TEXT, redirectTo } from '../wire/protocol.ts'
import { declaresMoreThan, isBodyTooLarge, limitBody } from './body-limit.ts'
import { invalidationsRecorded, setRequestPhase } from './request-store.ts'

/** What notFound(), unauthorized() and forbidden() answer in a route handler. */
const FALLBACK_TEXT: Record<FallbackStatus, string> = {
  404: 'Not Found',
  401: 'Unauthorized',
  403: 'Forbidden',
}

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const

type Handler = (
  request: Request,
  context: { params: Promise<Params> },
) => Promise<Response> | Response

function handlerFor(mod: Record<string, unknown>, method: string): Handler | undefined {
  const handler = mod[method]
  return typeof handler === 'function' ? (handler as Handler) : undefined
}

function allowedMethods(mod: Record<string, unknown>): string[] {
  const allowed = METHODS.filter((m) => handlerFor(mod, m))
  if (allowed.includes('GET') && !allowed.includes('HEAD')) allowed.push('HEAD')
  if (!allowed.includes('OPTIONS')) allowed.push('OPTIONS')
  return allowed
}

/** A route.ts module and its path under src/routes (for messages). */
export interface RouteModule {
  file: string
  mod: Record<string, unknown>
}

/** What a handler returned instead of a Response, for the log: `undefined`, `a string`, `a Map`. */
function describeResult(value: unknown): string {
  if (value === null || value === undefined) return String(value)
  const type = typeof value
  const name =
    type === 'object' || type === 'function'
      ? (Object.getPrototypeOf(value)?.constructor?.name ?? 'object')
      : type
  return `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`
}

/** redirect() answers 307 to GET and HEAD; to other methods 303, so the browser follows with GET. */
function redirectStatus(method: string, status: 307 | 308): 303 | 307 | 308 {
  return status === 307 && method !== 'GET' && method !== 'HEAD' ? 303 : status
}

/** 413 for a body past routeHandlers.bodySizeLimit. */
function tooLarge(limit: number): Response {
  return bodyTooLargeResponse('Request refused', limit, 'routeHandlers.bodySizeLimit')
}

/**
 * Runs the module's handler for the request's method. A body is read by the handler within
 * `options.bodySizeLimit` (server/body-limit.ts): a larger Content-Length gets 413 before the
 * handler runs, and a body that passes the limit while the handler reads it gets 413 too.
 */
export async function handleRoute(
  request: Request,
  { file, mod }: RouteModule,
  params: Params,
  options: RouteHandlerOptions,
): Promise<Response> {
  const method = request.method
  // HEAD falls back to GET (the body is dropped by the server); OPTIONS answers Allow by default.
  const ran = handlerFor(mod, method) ? method : method === 'HEAD' ? 'GET' : undefined
  const handler = ran && handlerFor(mod, ran)
  if (!handler) {
    const allow = allowedMethods(mod).join(', ')
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } })
    return new Response(`Method ${method} is not allowed here. Allowed: ${allow}.`, {
      status: 405,
      headers: { allow, 'content-type': CONTENT_TYPE_TEXT },
    })
  }
  const limit = options.bodySizeLimit
  const withBody = method !== 'GET' && method !== 'HEAD' && request.body !== null
  if (withBody && declaresMoreThan(request, limit)) return tooLarge(limit)
  setRequestPhase('handler')
  let result: unknown
  try {
    const limited = withBody ? limitBody(request, limit) : request
    result = await Promise.resolve()
      .then(() => handler(limited, { params: Promise.resolve(params) }))
      .finally(invalidationsRecorded)
  } catch (error) {
    if (isBodyTooLarge(error)) return tooLarge(limit)
    const interrupt = parseInterrupt(error)
    if (!interrupt) throw error
    if (interrupt.signal === 'redirect') {
      return redirectTo(interrupt.url, redirectStatus(method, interrupt.status))
    }
    return new Response(`${FALLBACK_TEXT[interrupt.status]}\n`, {
      status: interrupt.status,
      headers: { 'content-type': CONTENT_TYPE_TEXT },
    })
  }
  if (result instanceof Response) return result
  // Thrown to the server entry, which logs it with its digest and answers 500.
  throw new TypeError(
    `${file}: ${ran} returned ${describeResult(result)}; a route handler must return a Response`,
  )
}
