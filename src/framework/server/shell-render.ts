// Partial prerendering's shell (docs/caching.md, "Partial prerendering"). A route that opts in
// and reads the request is rendered once for everyone with each read of the request left as a
// hole that never fills (request/dynamic-reads.ts, holeInShell()). Once that render has settled,
// its HTML is prerendered up to the Suspense boundaries still waiting: that shell, and React
// DOM's postponed state, are kept with the static pages (static/page-store.ts) and sent from
// memory at the start of each document, whose holes are then resumed for the visitor
// (shell-document.ts). Like every render kept for everyone it is detached from the visitor.
import { Transform } from 'node:stream'
import type { CacheUse } from '../cache/observers.ts'
import {
  getDynamicReason,
  ReadTheRequestError,
  type RequestHole,
  renderAsShell,
} from '../request/dynamic-reads.ts'
import type { RouteMatch } from '../routing/types.ts'
import type { SegmentConfig } from '../static/classification.ts'
import { reportServerError } from '../wire/errors.ts'
import type { Interrupt } from '../wire/interrupts.ts'
import type { Core, ShellOutcome } from './core-state.ts'
import { detachedRequest, pageUrlOf, WHOLE_RENDER_TIMEOUT_MS } from './detached-renders.ts'
import { recordedErrors } from './render-errors.ts'
import { renderRoute } from './render-payload.tsx'
import { runDetached } from './request-store.ts'

/**
 * How long a shell render must have been quiet (no payload bytes, no cached read pending) to be
 * taken as settled: what is still waiting then joins the holes (docs/caching.md).
 */
export const SHELL_QUIET_MS = 50

/** How long a route whose shell failed (an error, a timeout) renders whole before a new try. */
export const SHELL_RETRY_S = 10

/**
 * Who made a read: the first frame of its stack named as a component (`<Greeting>`) or as
 * generateMetadata() / generateViewport(), whose tags go in the document's head.
 */
function readerOf(hole: RequestHole): string | undefined {
  for (const line of hole.stack.split('\n').slice(1)) {
    const name = /^\s*at (?:async )?([A-Z][\w$]*|generateMetadata|generateViewport) /.exec(
      line,
    )?.[1]
    if (!name || name === 'Object' || name === 'Promise') continue
    return name.startsWith('generate') ? `${name}()` : `<${name}>`
  }
  return undefined
}

/** Why a shell that came out empty could not render: its first read, and who made it. */
export function emptyShellReason(holes: readonly RequestHole[]): string {
  const [hole] = holes
  if (!hole) {
    return `a part outside every <Suspense> boundary was still waiting ${SHELL_QUIET_MS} ms after the rest had settled. Wrap slow work in <Suspense>, or cache it with "use cache"`
  }
  const reader = readerOf(hole)
  if (reader?.startsWith('generate')) {
    return `${hole.reason} was read by ${reader}, whose tags go in the document's <head>, outside every <Suspense> boundary. Read the request in the page instead, or keep the route dynamic`
  }
  return `${hole.reason} was read${reader ? ` by ${reader}` : ''} outside every <Suspense> boundary. Wrap the component that reads it in <Suspense> (its fallback goes in the shell)`
}

/** What a settled shell render came to, for shellVerdict(). */
export interface SettledShell {
  /** An error failed the payload's render or the HTML prerender. */
  failed: boolean
  /** The page's status, 200 unless a fallback screen (a route no page matched) is its answer. */
  status: number
  /** notFound(), redirect() and the like, thrown outside a hole: the first, with its status. */
  interrupt: Interrupt | undefined
  /** Why the render was dynamic, if it was (a read the shell render cannot leave as a hole). */
  dynamicReason: string | undefined
  postponed: string | null
  preludeBytes: number
  holes: readonly RequestHole[]
}

export type ShellRefusal = {
  refused: string
  lasting: boolean
  /** The page's own answer (a 404, a redirect), not a problem: said to nobody. */
  quiet?: true
  /** Rendered whole: tried once more before it counts (renderShell()). */
  empty?: true
}

/** Whether a settled shell is kept, or why not (undefined: kept). */
export function shellVerdict(shell: SettledShell): ShellRefusal | undefined {
  if (shell.failed) return { refused: 'its shell met an error (logged above)', lasting: false }
  // A page that answers otherwise for this pathname (a missing note) has no shell to keep, and
  // that is no problem to report; another pathname of the route may have one.
  const status = shell.interrupt?.status ?? shell.status
  if (status !== 200) return { refused: `it answered ${status}`, lasting: false, quiet: true }
  if (shell.dynamicReason !== undefined) {
    return { refused: `it is dynamic (${shell.dynamicReason})`, lasting: true }
  }
  if (shell.postponed === null) {
    return { refused: 'it rendered whole, with no hole to leave', lasting: true }
  }
  if (shell.preludeBytes === 0) {
    return { refused: emptyShellReason(shell.holes), lasting: true, empty: true }
  }
  return undefined
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

/**
 * Resolves once no payload bytes came for SHELL_QUIET_MS and no cached read is pending, or once
 * `done` is aborted (the render ended otherwise).
 */
async function quiet(lastChunkAt: () => number, use: CacheUse, done: AbortSignal): Promise<void> {
  while (!done.aborted) {
    await sleep(SHELL_QUIET_MS / 2)
    if (use.pending === 0 && performance.now() - lastChunkAt() >= SHELL_QUIET_MS) return
  }
}

/**
 * Renders the shell of `url` for everyone and keeps it, or says why it cannot. An empty shell is
 * rendered once more before it counts: in a process's first render the client components' modules
 * may still be loading when the render settles, which leaves the shell empty; by the second they
 * have loaded (and cached reads are warm).
 */
export async function renderShell(
  core: Core,
  url: URL,
  match: RouteMatch,
  config: SegmentConfig,
): Promise<ShellOutcome> {
  const first = await renderShellOnce(core, url, match, config)
  return 'empty' in first && first.empty ? renderShellOnce(core, url, match, config) : first
}

function renderShellOnce(
  core: Core,
  url: URL,
  match: RouteMatch,
  { revalidate }: SegmentConfig,
): Promise<ShellOutcome & { empty?: true }> {
  const pageUrl = pageUrlOf(url, core.config.origin)
  const stopPayload = new AbortController()
  const request = detachedRequest(pageUrl, stopPayload.signal)
  return runDetached(core, request, async () => {
    const holes = renderAsShell()
    const heldErrors: unknown[] = []
    const ssr = await core.html()
    let refusal: ShellRefusal | undefined
    const result = await core.pages.renderToKeep(
      url.pathname,
      async (use) => {
        const rendered = await renderRoute(core, request, pageUrl, match, { heldErrors })
        let lastChunkAt = performance.now()
        const watched = new Transform({
          transform(chunk, _encoding, callback) {
            lastChunkAt = performance.now()
            callback(null, chunk)
          },
        })
        const stopHtml = new AbortController()
        const prerendering = ssr.prerenderShell(rendered.body.pipe(watched), stopHtml.signal)
        let timer: ReturnType<typeof setTimeout> | undefined
        const timedOut = new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), WHOLE_RENDER_TIMEOUT_MS)
        })
        const ended = await Promise.race([
          prerendering,
          quiet(() => lastChunkAt, use, stopHtml.signal),
          timedOut,
        ])
        clearTimeout(timer)
        // The HTML first: stopped, its waiting boundaries are postponed; the payload's render,
        // stopped after, would otherwise fill them with errors.
        stopHtml.abort(
          new ReadTheRequestError('The shell has settled; its holes are rendered per request.'),
        )
        stopPayload.abort(
          new ReadTheRequestError('The shell has settled; its holes are rendered per request.'),
        )
        const shell = await prerendering
        if (ended === 'timeout') {
          refusal = {
            refused: `its shell did not settle within ${WHOLE_RENDER_TIMEOUT_MS / 1000} s`,
            lasting: false,
          }
        }
        const { prelude, postponed } = shell
        return {
          payload: new Uint8Array(),
          status: rendered.status,
          prerendered: shell,
          ...(postponed !== null &&
            prelude.byteLength > 0 && { shell: { html: prelude, postponed } }),
        }
      },
      (result) => {
        if (refusal) return false
        const { prelude, postponed, errors } = result.prerendered
        // What the render's onError recorded was logged there; these were only held.
        for (const error of [...heldErrors, ...errors]) reportServerError(error)
        const recorded = recordedErrors()
        refusal = shellVerdict({
          failed:
            heldErrors.length > 0 ||
            errors.length > 0 ||
            recorded.some((entry) => entry.interrupt === null),
          status: result.status,
          interrupt: recorded.find((entry) => entry.interrupt !== null)?.interrupt ?? undefined,
          dynamicReason: getDynamicReason(),
          postponed,
          preludeBytes: prelude.byteLength,
          holes,
        })
        return refusal === undefined
      },
      revalidate,
    )
    if (result.page) return { page: result.page }
    return refusal ?? { refused: 'its shell was not kept', lasting: false }
  })
}
