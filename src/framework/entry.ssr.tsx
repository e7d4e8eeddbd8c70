// The ssr entry: RSC payload stream → HTML stream, with the payload inlined for hydration.
// A failure before the shell is reported back (the rsc side decides the status); interrupts
// after it become meta tags, since the status has been sent.
import { createFromReadableStream, getClientEntryUrl } from '@vitejs/plugin-rsc/ssr'
import { use } from 'react'
import type { ReactFormState } from 'react-dom/client'
import { renderToReadableStream } from 'react-dom/server.edge'
import { ServerNavigation } from './client/navigation-context.tsx'
import { reportUnloggedError } from './errors.ts'
import { loadGlobalErrorScreen } from './global-error-loader.ts'
import { escapeAttribute, injectPayload } from './inline-payload.ts'
import { type Interrupt, parseInterrupt } from './interrupts.ts'
import type { RscPayload } from './payload.ts'

const decoded = new WeakMap<ReadableStream<Uint8Array>, Promise<RscPayload>>()

function Document({ payload }: { payload: ReadableStream<Uint8Array> }) {
  // Decoding starts inside React DOM's render so the payload's preload hints reach the HTML.
  let root = decoded.get(payload)
  if (!root) {
    root = createFromReadableStream<RscPayload>(payload)
    decoded.set(payload, root)
  }
  const { tree, url, params } = use(root)
  return (
    <ServerNavigation url={url} params={params}>
      {tree}
    </ServerNavigation>
  )
}

/** What an interrupt thrown after the shell adds to the document. */
function lateMeta(interrupt: Interrupt): string {
  if (interrupt.kind === 'fallback') return '<meta name="robots" content="noindex">'
  const delay = interrupt.status === 308 ? 0 : 1
  // In <noscript>: with JavaScript the router navigates, and the browser must not do it again.
  return `<noscript><meta http-equiv="refresh" content="${delay};url=${escapeAttribute(interrupt.url)}"></noscript>`
}

export interface HtmlOptions {
  signal?: AbortSignal
  nonce?: string
  formState?: ReactFormState
}

export type HtmlResult =
  | { ok: true; stream: ReadableStream<Uint8Array> }
  /** The shell could not render; `error` is what stopped it. */
  | { ok: false; error: unknown }

export async function renderHtml(
  payloadStream: ReadableStream<Uint8Array>,
  options: HtmlOptions,
): Promise<HtmlResult> {
  const [forHtml, forInline] = payloadStream.tee()
  const late = new Set<string>()
  let lateHtml = ''
  let html: ReadableStream<Uint8Array>
  try {
    html = await renderToReadableStream(<Document payload={forHtml} />, {
      bootstrapModules: [getClientEntryUrl()],
      nonce: options.nonce,
      formState: options.formState,
      signal: options.signal,
      onError(error: unknown) {
        if (options.signal?.aborted) return undefined // the client left; nothing failed
        const interrupt = parseInterrupt(error)
        if (!interrupt) return reportUnloggedError(error)
        const meta = lateMeta(interrupt)
        if (!late.has(meta)) {
          late.add(meta)
          lateHtml += meta
        }
        return (error as { digest: string }).digest
      },
    })
  } catch (error) {
    forInline.cancel().catch(() => {})
    return { ok: false, error }
  }
  const takeLateHtml = () => {
    const taken = lateHtml
    lateHtml = ''
    return taken
  }
  return {
    ok: true,
    stream: html.pipeThrough(injectPayload(forInline, { nonce: options.nonce, takeLateHtml })),
  }
}

/** The server-side global error screen as a whole document, with no scripts (status 500). */
export async function renderErrorDocument(
  digest: string,
  options: { host: string; nonce?: string },
): Promise<ReadableStream<Uint8Array>> {
  const GlobalError = await loadGlobalErrorScreen()
  const error = Object.assign(new Error('Internal Server Error'), { digest })
  return renderToReadableStream(<GlobalError error={error} host={options.host} />, {
    nonce: options.nonce,
    onError: reportUnloggedError,
  })
}
