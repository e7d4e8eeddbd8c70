// Document requests: render the route, then HTML from it. Until the shell has rendered, the
// status can still change, so the rules of contract section 5 "before the first byte" live here:
// a redirect answers 307/308, an access fallback re-renders with its screen and status, and any
// other failure answers 500 with the server-side global error screen.
import { reportUnloggedError } from './errors.ts'
import { type Interrupt, parseInterrupt } from './interrupts.ts'
import { CONTENT_TYPE_HTML } from './protocol.ts'
import { type RenderOptions, renderRoute } from './render.tsx'
import { decisiveInterrupt } from './request-context.ts'
import type { RouteMatch } from './route-table.ts'

const DOCUMENT_HEADERS = {
  'content-type': CONTENT_TYPE_HTML,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
}

const loadSsr = () =>
  import.meta.viteRsc.loadModule<typeof import('./entry.ssr.tsx')>('ssr', 'index')

function redirectResponse(interrupt: Interrupt & { kind: 'redirect' }, from: URL): Response | null {
  const target = new URL(interrupt.url, from)
  // Answering with the URL that was asked for would only bring the browser back here.
  if (target.href === from.href) return null
  return new Response(null, { status: interrupt.status, headers: { location: interrupt.url } })
}

async function errorResponse(request: Request, error: unknown): Promise<Response> {
  const digest = reportUnloggedError(error)
  const ssr = await loadSsr()
  const stream = await ssr.renderErrorDocument(digest, { host: new URL(request.url).hostname })
  return new Response(stream, { status: 500, headers: DOCUMENT_HEADERS })
}

export async function renderDocument(
  request: Request,
  url: URL,
  match: RouteMatch | null,
  options: Pick<RenderOptions, 'formState' | 'fallback'> = {},
): Promise<Response> {
  const ssr = await loadSsr()
  const htmlOptions = { formState: options.formState, signal: request.signal }
  let rendered = await renderRoute(request, url, match, options)
  let html = await ssr.renderHtml(rendered.stream, htmlOptions)

  if (!html.ok && parseInterrupt(html.error) && !options.fallback) {
    const decisive = decisiveInterrupt()
    const interrupt = decisive?.interrupt ?? parseInterrupt(html.error)!
    if (interrupt.kind === 'redirect') {
      return (
        redirectResponse(interrupt, url) ??
        errorResponse(
          request,
          new Error(`redirect() to ${interrupt.url}, the URL being rendered, would loop.`),
        )
      )
    }
    const depth = decisive?.depth ?? Number.POSITIVE_INFINITY // unknown: the page's own folder
    rendered = await renderRoute(request, url, match, {
      ...options,
      fallback: { status: interrupt.status, depth },
    })
    html = await ssr.renderHtml(rendered.stream, htmlOptions)
  }
  if (!html.ok) return errorResponse(request, html.error)
  return new Response(html.stream, { status: rendered.status, headers: DOCUMENT_HEADERS })
}
