// Document requests: render the route, then HTML from it. Until the shell has rendered, the
// status can still change, so the rules of docs/errors.md "before the first byte"
// live here: a redirect answers 307/308; an access fallback re-renders with its screen and
// status; an error re-renders with the nearest error.tsx showing it (500), or answers 500 with
// the server-side global error screen when no error.tsx is above it. A shell that failed in a
// client component only (not in the payload) is rendered by the browser instead (500 as well).
import { randomBytes } from 'node:crypto'
import type { Readable } from 'node:stream'
import { nearestWith } from '../routing/route-chain.ts'
import type { RouteMatch } from '../routing/types.ts'
import { PRODUCTION_ERROR_MESSAGE, reportUnloggedError } from '../wire/errors.ts'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'
import { readableOf, responseFromNodeStream } from '../wire/node-body.ts'
import { CACHE_CONTROL_PRIVATE, CONTENT_TYPE_HTML, redirectTo } from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import { withCodeFrame, withLateErrorOverlay, withOverlay } from './dev-errors.ts'
import {
  decisiveInterrupt,
  isRecordedRenderError,
  recordedErrorDepth,
  recordedThrown,
  renderErrorsReader,
} from './render-errors.ts'
import { type RenderOptions, renderRoute } from './render-payload.tsx'

export const DOCUMENT_HEADERS = {
  'content-type': CONTENT_TYPE_HTML,
  // Rendered for this request; a static page served from memory says otherwise (server/serve-page.ts).
  'cache-control': CACHE_CONTROL_PRIVATE,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

/** With a Content-Security-Policy, every document needs its own nonce: its HTML is not reused. */
export function documentsNeedNonce(core: Core): boolean {
  return core.config.contentSecurityPolicy !== undefined
}

function documentSecurity(core: Core): { nonce?: string; headers: Record<string, string> } {
  const policyTemplate = core.config.contentSecurityPolicy
  if (policyTemplate === undefined) return { headers: DOCUMENT_HEADERS }
  const nonce = randomBytes(16).toString('base64')
  const policy = policyTemplate.replaceAll('{nonce}', nonce)
  return { nonce, headers: { ...DOCUMENT_HEADERS, 'content-security-policy': policy } }
}

/** An error the rsc render reported comes out of the payload with its digest: a server failure. */
function fromPayload(error: unknown): boolean {
  const digest = (error as { digest?: unknown } | null)?.digest
  return typeof digest === 'string' && isRecordedRenderError(digest)
}

function redirectResponse(
  interrupt: Interrupt & { signal: 'redirect' },
  from: URL,
): Response | null {
  const target = new URL(interrupt.url, from)
  // Answering with the URL that was asked for would only bring the browser back here.
  if (target.href === from.href) return null
  return redirectTo(interrupt.url, interrupt.status)
}

/**
 * The global error screen for `error` (logged unless it was). Development adds Vite's overlay
 * with the error as the server threw it (server/dev-errors.ts).
 */
async function globalErrorResponse(
  core: Core,
  request: Request,
  error: unknown,
): Promise<Response> {
  const digest = reportUnloggedError(error)
  const ssr = await core.html()
  const { nonce, headers } = documentSecurity(core)
  const host = new URL(request.url).hostname
  const stream = await ssr.renderErrorDocument(digest, { host, nonce })
  return responseFromNodeStream(devOverlay(core, stream, error, digest, nonce), {
    status: 500,
    headers,
  })
}

/**
 * In development, `html` with the overlay of what the server threw under `digest`, with the
 * code frame of where it was thrown: a client component's SSR failure has none until here.
 */
function devOverlay(
  core: Core,
  html: Readable,
  error: unknown,
  digest: string,
  nonce: string | undefined,
): Readable {
  if (!core.dev) return html
  const thrown = recordedThrown(digest) ?? error
  withCodeFrame(thrown)
  return withOverlay(html, thrown, nonce)
}

type Options = Pick<RenderOptions, 'formState' | 'fallback'> & {
  /** The route's payload, already rendered for this request: the first attempt uses it. */
  payload?: Uint8Array<ArrayBuffer>
  /** The request failed before rendering (a form's server function threw): show this error. */
  error?: unknown
}

export async function renderDocument(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch | null,
  options: Options = {},
): Promise<Response> {
  const ssr = await core.html()
  const { nonce, headers } = documentSecurity(core)
  let prerendered = options.payload
  const render = async (extra: Omit<RenderOptions, 'formState'> = {}) => {
    const rendered = prerendered
      ? { body: readableOf(prerendered), status: match ? 200 : 404 }
      : await renderRoute(core, request, url, match, {
          formState: options.formState,
          fallback: options.fallback,
          ...extra,
        })
    prerendered = undefined
    const html = await ssr.renderHtml(rendered.body, {
      formState: options.formState,
      signal: request.signal,
      nonce,
      fromPayload,
    })
    // The shell failed in a client component: the browser renders the page (a 500 all the same).
    return { status: html.ok && html.inBrowser ? 500 : rendered.status, html }
  }
  // The nearest error.tsx shows `error` (status 500), or else the global error screen does.
  const showFailure = async (error: unknown): Promise<Response> => {
    if (core.dev) withCodeFrame(error) // logged with it, unless the rsc render logged it
    const digest = reportUnloggedError(error)
    const depth = recordedErrorDepth(digest) ?? Number.POSITIVE_INFINITY
    if (!match || nearestWith(match.route.chain, depth, 'error') < 0) {
      return globalErrorResponse(core, request, error)
    }
    const message = core.dev && error instanceof Error ? error.message : PRODUCTION_ERROR_MESSAGE
    const failed = await render({ failure: { depth, error: { digest, message } } })
    if (!failed.html.ok) return globalErrorResponse(core, request, failed.html.error)
    const html = devOverlay(core, failed.html.stream, error, digest, nonce)
    return responseFromNodeStream(html, { status: failed.status, headers })
  }
  if (options.error !== undefined) return showFailure(options.error)

  let { status, html } = await render()
  // The client left before the shell: nobody will read an answer, and nothing failed.
  if (!html.ok && request.signal.aborted) return new Response(null, { status: 499 })

  if (!html.ok && parseInterrupt(html.error)) {
    const decisive = decisiveInterrupt()
    const interrupt = decisive?.interrupt ?? parseInterrupt(html.error)!
    if (interrupt.signal === 'redirect') {
      const response = redirectResponse(interrupt, url)
      if (response) return response
      const loop = new Error(`redirect() to ${interrupt.url}, the URL being rendered, would loop.`)
      return globalErrorResponse(core, request, loop)
    }
    if (!options.fallback) {
      const depth = decisive?.depth ?? Number.POSITIVE_INFINITY // unknown: the page's own folder
      ;({ status, html } = await render({ fallback: { status: interrupt.status, depth } }))
    }
  }
  if (!html.ok && !parseInterrupt(html.error)) return showFailure(html.error)
  if (!html.ok) return globalErrorResponse(core, request, html.error)
  // A client component failed during SSR: development shows it in the overlay as well, and so
  // does an error thrown after the shell, which an error.tsx inside a Suspense boundary shows.
  const stream = html.inBrowser
    ? devOverlay(core, html.stream, html.error, '', nonce)
    : core.dev
      ? withLateErrorOverlay(html.stream, renderErrorsReader(), nonce)
      : html.stream
  return responseFromNodeStream(stream, { status, headers })
}
