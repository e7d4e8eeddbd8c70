// The ssr side of a document: RSC payload stream → HTML stream, with the payload inlined for hydration.
// A failure before the shell is reported back (the rsc side decides the status); interrupts
// after it become meta tags, since the status has been sent.
import { AsyncResource } from 'node:async_hooks'
import { type Duplex, finished, PassThrough, type Readable, type Transform } from 'node:stream'
import { createFromNodeStream, getClientEntryUrl } from '@vitejs/plugin-rsc/ssr.node'
import { type ReactNode, use } from 'react'
import type { ReactFormState } from 'react-dom/client'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server.node'
import { NOINDEX_HTML } from '../../fallbacks/noindex.tsx'
import { ServerNavigation } from '../client/navigation-context.tsx'
import { reportUnloggedError } from '../wire/errors.ts'
import { escapeAttribute, injectPayload } from '../wire/inline-payload.server.ts'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'
import { type NodeBody, reactBody } from '../wire/node-body.ts'
import type { RscPayload } from '../wire/payload.ts'
import { CLIENT_RENDER_ATTRIBUTE } from '../wire/protocol.ts'
import { type GlobalErrorLoader, loadGlobalErrorScreen } from './global-error.ts'
import { ServerStylesheetsFirst } from './stylesheet-order.tsx'

/**
 * The payload, decoded for the HTML once React DOM's render asks for it. From then on each chunk
 * reaches the decoder in that render's async context: React DOM finds the document a preload
 * hint (a client component's modules, for <head>) belongs to through it, and a Node stream
 * event otherwise runs in the context of whoever wrote the chunk, here the RSC render.
 */
export function decoderOf(payload: Readable): () => Promise<RscPayload> {
  const input = new PassThrough() // holds the chunks that come before the render asks
  let inRender = (deliver: () => void) => deliver()
  payload.on('data', (chunk: Buffer) => inRender(() => input.write(chunk)))
  payload.once('end', () => inRender(() => input.end()))
  payload.once('error', (error) => input.destroy(error))
  let decoded: Promise<RscPayload> | undefined
  return () => {
    if (!decoded) {
      inRender = AsyncResource.bind((deliver: () => void) => deliver())
      decoded = createFromNodeStream<RscPayload>(input)
    }
    return decoded
  }
}

/** What React DOM renders of a page: its stylesheets first, then the decoded payload's tree. */
export function documentElement(decode: () => Promise<RscPayload>, nonce?: string): ReactNode {
  return (
    <>
      {/* Before the payload is decoded: see stylesheet-order.tsx. */}
      <ServerStylesheetsFirst nonce={nonce} />
      <Document decode={decode} />
    </>
  )
}

function Document({ decode }: { decode: () => Promise<RscPayload> }) {
  const { tree, url, params } = use(decode())
  return (
    <ServerNavigation url={url} params={params}>
      {tree}
    </ServerNavigation>
  )
}

/** What an interrupt thrown after the shell adds to the document. */
function lateMeta(interrupt: Interrupt): string {
  // In <noscript>: with JavaScript, the router navigates (the browser must not do it again), and
  // the boundary that shows the screen renders the noindex tag itself (one, not two).
  if (interrupt.signal === 'fallback') return `<noscript>${NOINDEX_HTML}</noscript>`
  const delay = interrupt.status === 308 ? 0 : 1
  return `<noscript><meta http-equiv="refresh" content="${delay};url=${escapeAttribute(interrupt.url)}"></noscript>`
}

export interface HtmlOptions {
  signal?: AbortSignal
  nonce?: string
  formState?: ReactFormState
  /** Whether an error came out of the payload (the rsc render reported it): a server failure. */
  fromPayload: (error: unknown) => boolean
}

export type HtmlResult =
  /**
   * `inBrowser`: the shell failed in a client component (`error`, already logged); the browser
   * renders the page.
   */
  | { ok: true; stream: Readable; inBrowser?: true; error?: unknown }
  /** The shell could not render; `error` is what stopped it. */
  | { ok: false; error: unknown }

/** Renders `element` into `destination` once its shell is ready; `signal` aborts the render. */
function renderShell(
  element: ReactNode,
  options: RenderToPipeableStreamOptions & { signal?: AbortSignal },
  destination: Duplex,
): Promise<HtmlResult> {
  const { signal, ...renderOptions } = options
  return new Promise((resolve) => {
    const { pipe, abort } = renderToPipeableStream(element, {
      ...renderOptions,
      onShellReady: () => resolve({ ok: true, stream: reactBody(pipe).pipe(destination) }),
      onShellError: (error) => resolve({ ok: false, error }),
    })
    if (signal?.aborted) abort(signal.reason)
    else signal?.addEventListener('abort', () => abort(signal.reason), { once: true })
  })
}

/** Reads what is left of a payload nobody needs any more, so its render can finish. */
export function discard(payload: Readable) {
  payload.removeAllListeners('data')
  payload.resume()
}

/**
 * React DOM's onError for a page's HTML: an error is reported (once), an interrupt after the
 * shell becomes HTML that takeLateHtml() hands to the payload's inliner.
 */
export function lateInterrupts(signal: AbortSignal | undefined) {
  const late = new Set<string>()
  let lateHtml = ''
  return {
    takeLateHtml() {
      const taken = lateHtml
      lateHtml = ''
      return taken
    },
    onError(error: unknown) {
      if (signal?.aborted) return undefined // the client left; nothing failed
      const interrupt = parseInterrupt(error)
      if (!interrupt) return reportUnloggedError(error)
      const meta = lateMeta(interrupt)
      if (!late.has(meta)) {
        late.add(meta)
        lateHtml += meta
      }
      return (error as { digest: string }).digest
    },
  }
}

async function renderHtml(body: NodeBody, options: HtmlOptions): Promise<HtmlResult> {
  // Read twice: decoded into HTML, and inlined as scripts for hydration.
  const payload = body.pipe(new PassThrough())
  const decode = decoderOf(payload)
  const { takeLateHtml, onError } = lateInterrupts(options.signal)
  const inline = injectPayload(payload, { nonce: options.nonce, takeLateHtml })
  const result = await renderShell(
    documentElement(decode, options.nonce),
    {
      bootstrapModules: [getClientEntryUrl()],
      // The style's too (stylesheet-order.tsx), so that a policy's style-src can allow it.
      nonce: options.nonce && { script: options.nonce, style: options.nonce },
      formState: options.formState,
      signal: options.signal,
      onError,
    },
    inline,
  )
  if (result.ok) return result
  const { error } = result
  if (!options.signal?.aborted && !parseInterrupt(error) && !options.fromPayload(error)) {
    const stream = renderInBrowser(payload, inline, options.nonce)
    return { ok: true, stream, inBrowser: true, error }
  }
  discard(payload)
  return result
}

/**
 * The shell failed in a client component only (it reads `window`, say): the document is an empty
 * shell with the app's script and the inlined payload, and the browser renders the page.
 */
function renderInBrowser(
  payload: Readable,
  inline: Transform,
  nonce: string | undefined,
): Transform {
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : ''
  const entry = escapeAttribute(getClientEntryUrl())
  inline.write(
    `<!DOCTYPE html><html ${CLIENT_RENDER_ATTRIBUTE}=""><head><meta charset="utf-8">` +
      `<script type="module" src="${entry}" async=""${nonceAttribute}></script></head><body>`,
  )
  // The payload's scripts stream as they come; the document ends after the last of them.
  finished(payload, () => inline.end())
  return inline
}

/** The server-side global error screen as a whole document, with no scripts (status 500). */
async function renderErrorDocument(
  loadGlobalError: GlobalErrorLoader,
  digest: string,
  options: { host: string; nonce?: string },
): Promise<Readable> {
  const GlobalError = await loadGlobalErrorScreen(loadGlobalError)
  const error = Object.assign(new Error('Internal Server Error'), { digest })
  const result = await renderShell(
    <GlobalError error={error} host={options.host} />,
    { nonce: options.nonce, onError: reportUnloggedError },
    new PassThrough(),
  )
  if (!result.ok) throw result.error
  return result.stream
}

/** The HTML side of the pipeline (server/core-state.ts, HtmlRenderer), with the app's screen. */
export function createHtmlRenderer(loadGlobalError: GlobalErrorLoader) {
  return {
    renderHtml,
    renderErrorDocument: (digest: string, options: { host: string; nonce?: string }) =>
      renderErrorDocument(loadGlobalError, digest, options),
  }
}
