// Reads the payload that the document inlined (see inline-payload.server.ts) as a byte stream.
// The stream closes when the document has been parsed: if the server's response was cut short,
// React sees the payload end early and reports the connection as closed.
import { INLINE_PAYLOAD_GLOBAL } from './protocol.ts'

type InlineChunk = string | [base64: string]
type InlineSink = { push(chunk: InlineChunk): void }

declare global {
  interface Window {
    [INLINE_PAYLOAD_GLOBAL]?: InlineChunk[] | InlineSink
  }
}

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

export function readInlinePayload(): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const push = (chunk: InlineChunk) =>
        controller.enqueue(
          typeof chunk === 'string' ? encoder.encode(chunk) : decodeBase64(chunk[0]),
        )
      const early = window[INLINE_PAYLOAD_GLOBAL]
      if (Array.isArray(early)) for (const chunk of early) push(chunk)
      // Scripts that run from now on push straight into the stream.
      window[INLINE_PAYLOAD_GLOBAL] = { push }
      if (document.readyState === 'loading') {
        document.addEventListener('DOMContentLoaded', () => controller.close(), { once: true })
      } else {
        controller.close()
      }
    },
  })
}
