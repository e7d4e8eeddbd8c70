// A partially prerendered page's document (docs/caching.md, "Partial prerendering"): its shell
// from memory at once, then, in the same response, the holes rendered for this visitor (React
// DOM resumes where the shell stopped) with the visitor's payload inlined for hydration. The
// shell is everyone's; what follows it is this request's, so the answer is private.
import { PassThrough } from 'node:stream'
import type { RouteMatch } from '../routing/types.ts'
import type { ShellPage } from '../static/page-store.ts'
import { reportServerError } from '../wire/errors.ts'
import { responseFromNodeStream } from '../wire/node-body.ts'
import type { Core } from './core-state.ts'
import { pageUrlOf } from './detached-renders.ts'
import { DOCUMENT_HEADERS } from './document.ts'
import { renderRoute } from './render-payload.tsx'

export function shellDocument(
  core: Core,
  request: Request,
  url: URL,
  match: RouteMatch,
  page: ShellPage,
): Response {
  const body = new PassThrough()
  body.write(page.html.bytes)
  const resume = async () => {
    const ssr = await core.html()
    // Hydrated against the shell, which was rendered without a query: the payload says the same
    // URL, and the browser's own shows right after (client/router.tsx), as for a static page.
    const shownUrl = pageUrlOf(url, core.config.origin)
    const rendered = await renderRoute(core, request, url, match, { shownUrl })
    const rest = await ssr.resumeHtml(rendered.body, page.postponed, { signal: request.signal })
    rest.pipe(body)
    rest.once('error', (error) => body.destroy(error))
  }
  // Started a macrotask later: the payload's render runs React's work in microtasks and would
  // otherwise hold the shell back until it is done (the host writes the shell when it pipes the
  // body, right after this returns). The status goes with the shell: a failure now can only end
  // the document (and is logged).
  setImmediate(() =>
    resume().catch((error: unknown) => {
      reportServerError(error)
      body.destroy(error instanceof Error ? error : new Error(String(error)))
    }),
  )
  return responseFromNodeStream(body, { status: 200, headers: DOCUMENT_HEADERS })
}
