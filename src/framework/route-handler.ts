// `route.ts` files: one exported function per HTTP method, Request in, Response out.

import { type FallbackStatus, parseInterrupt } from './interrupts.ts'
import { CONTENT_TYPE_TEXT } from './protocol.ts'
import { setRequestPhase } from './request-context.ts'
import type { Params } from './route-table.ts'

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

export async function handleRoute(
  request: Request,
  mod: Record<string, unknown>,
  params: Params,
): Promise<Response> {
  const method = request.method
  // HEAD falls back to GET (the body is dropped by the server); OPTIONS answers Allow by default.
  const handler =
    handlerFor(mod, method) ?? (method === 'HEAD' ? handlerFor(mod, 'GET') : undefined)
  if (!handler) {
    const allow = allowedMethods(mod).join(', ')
    if (method === 'OPTIONS') return new Response(null, { status: 204, headers: { allow } })
    return new Response(`Method ${method} is not allowed here. Allowed: ${allow}.`, {
      status: 405,
      headers: { allow, 'content-type': CONTENT_TYPE_TEXT },
    })
  }
  setRequestPhase('handler')
  try {
    return await handler(request, { params: Promise.resolve(params) })
  } catch (error) {
    const interrupt = parseInterrupt(error)
    if (!interrupt) throw error
    if (interrupt.kind === 'redirect') {
      return new Response(null, { status: interrupt.status, headers: { location: interrupt.url } })
    }
    return new Response(`${FALLBACK_TEXT[interrupt.status]}\n`, {
      status: interrupt.status,
      headers: { 'content-type': CONTENT_TYPE_TEXT },
    })
  }
}
