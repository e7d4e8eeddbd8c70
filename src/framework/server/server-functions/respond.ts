// What a server function post is answered with, once invoke.ts has run it:
// - a JavaScript call: one RSC payload with the return value and the page re-rendered after
//   the function ran, or the page it redirected to (a push navigation, no second request);
// - a form posted without JavaScript: 303 to a redirect's target, else the page as HTML, with
//   useActionState's state, or the status and screen of notFound() and the like.

import type { RouteMatch } from '../../routing/types.ts'
import { noRouteResponse } from '../../wire/errors.ts'
import type { Interrupt } from '../../wire/interrupts.ts'
import { HEADER_REVALIDATED, type ParsedRequest, redirectTo } from '../../wire/protocol.ts'
import type { Core } from '../core-state.ts'
import { renderDocument } from '../document.ts'
import { payloadResponse } from '../payload-response.ts'
import { renderRoute } from '../render-payload.tsx'
import { didRevalidate } from '../request-store.ts'
import { notAFormPost } from './guards.ts'
import { callServerFunction, type ServerFunctionCall, submitFormAction } from './invoke.ts'

/** notFound() and the like thrown by the function: the page's nearest screen for that status. */
function fallbackFor(interrupt: Interrupt | null) {
  return interrupt?.signal === 'fallback'
    ? { status: interrupt.status, depth: Number.POSITIVE_INFINITY }
    : undefined
}

/** A redirect thrown by the function, rendered as the target page's payload. */
function renderRedirect(
  core: Core,
  request: Request,
  from: URL,
  interrupt: Interrupt & { signal: 'redirect' },
) {
  const target = new URL(interrupt.url, from)
  const match = target.origin === from.origin ? core.routes.match(target.pathname) : null
  // Another origin, or a route handler: only a document load can reach it. Never fetch it here.
  const document = target.origin !== from.origin || match?.route.type === 'handler'
  const url = document ? target.href : target.pathname + target.search + target.hash
  return renderRoute(core, request, target, match?.route.type === 'page' ? match : null, {
    redirect: { url, status: interrupt.status, type: interrupt.type ?? 'push', document },
    returnValue: Promise.resolve(undefined),
    treeless: document,
  })
}

export async function answerCall(
  core: Core,
  request: Request,
  parsed: ServerFunctionCall,
  page: RouteMatch | null,
): Promise<Response> {
  const { url } = parsed
  const call = await callServerFunction(core, request, parsed)
  if (call instanceof Response) return call
  const { interrupt, returnValue, temporaryReferences } = call
  // notFound() and the like: the call rejects, and the page shows its nearest screen for them.
  const fallback = fallbackFor(interrupt)
  const rendered =
    interrupt?.signal === 'redirect'
      ? await renderRedirect(core, request, url, interrupt)
      : await renderRoute(core, request, url, page, { returnValue, temporaryReferences, fallback })
  // 200 whenever the function ran: how it ended is in the payload. Statuses are for refusals.
  const response = payloadResponse(core.buildId, { ...rendered, status: 200 }, 'dynamic')
  // The client must not show pages it cached before the data changed.
  if (didRevalidate()) response.headers.set(HEADER_REVALIDATED, '1')
  return response
}

export async function answerFormPost(
  core: Core,
  request: Request,
  parsed: ParsedRequest,
  page: RouteMatch | null,
): Promise<Response> {
  const { url } = parsed
  // A post that is no server function form: the page takes none (405), or there is no page (404).
  const notAForm = page ? notAFormPost : () => noRouteResponse(url.pathname)
  const form = await submitFormAction(core, request, parsed, notAForm)
  if (form instanceof Response) return form
  const { interrupt, formState, error } = form
  if (error !== undefined) return renderDocument(core, request, url, page, { error })
  if (interrupt?.signal === 'redirect') {
    // 303: the browser follows with a GET, so reloading the result never re-posts the form.
    return redirectTo(interrupt.url, 303)
  }
  return renderDocument(core, request, url, page, { formState, fallback: fallbackFor(interrupt) })
}
