// The floor's browser entry: the inlined payload (inline.ts) as a stream, then hydration.
import { createFromReadableStream } from '@vitejs/plugin-rsc/browser'
import type { ReactNode } from 'react'
import { hydrateRoot } from 'react-dom/client'
import { PAYLOAD_GLOBAL } from './inline.ts'

type Sink = { push(chunk: string): void }

function inlinePayload(): ReadableStream<Uint8Array> {
  const global = self as unknown as Record<string, string[] | Sink | undefined>
  const encoder = new TextEncoder()
  return new ReadableStream({
    start(controller) {
      const push = (chunk: string) => controller.enqueue(encoder.encode(chunk))
      const early = global[PAYLOAD_GLOBAL]
      if (Array.isArray(early)) for (const chunk of early) push(chunk)
      // Scripts parsed from now on push straight into the stream.
      global[PAYLOAD_GLOBAL] = { push }
      if (document.readyState !== 'loading') controller.close()
      else document.addEventListener('DOMContentLoaded', () => controller.close(), { once: true })
    },
  })
}

createFromReadableStream<ReactNode>(inlinePayload()).then((root) => hydrateRoot(document, root))
