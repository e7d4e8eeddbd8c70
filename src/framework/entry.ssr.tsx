// The ssr entry: RSC payload stream → HTML stream, with the payload inlined for hydration.
import { createFromReadableStream, getClientEntryUrl } from '@vitejs/plugin-rsc/ssr'
import { use } from 'react'
import type { ReactFormState } from 'react-dom/client'
import { renderToReadableStream } from 'react-dom/server.edge'
import { ServerNavigation } from './client/navigation-context.tsx'
import { reportSsrError } from './errors.ts'
import { injectPayload } from './inline-payload.ts'
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

export interface HtmlOptions {
  status: number
  signal?: AbortSignal
  nonce?: string
  formState?: ReactFormState
}

export async function renderHtml(
  payloadStream: ReadableStream<Uint8Array>,
  options: HtmlOptions,
): Promise<{ stream: ReadableStream<Uint8Array>; status: number }> {
  const [forHtml, forInline] = payloadStream.tee()
  const html = await renderToReadableStream(<Document payload={forHtml} />, {
    bootstrapModules: [getClientEntryUrl()],
    nonce: options.nonce,
    formState: options.formState,
    signal: options.signal,
    onError: reportSsrError,
  })
  return {
    stream: html.pipeThrough(injectPayload(forInline, { nonce: options.nonce })),
    status: options.status,
  }
}
