// The ssr side of partial prerendering (docs/caching.md, "Partial prerendering"): a page's
// shell, prerendered from a payload whose reads of the request never settle, and, for each
// request, the rest of the page resumed from where the shell stopped (React DOM's prerender and
// resume), with the visitor's payload inlined for hydration.
import { PassThrough, type Readable } from 'node:stream'
import { getClientEntryUrl } from '@vitejs/plugin-rsc/ssr.node'
import { resumeToPipeableStream } from 'react-dom/server.node'
import type { PostponedState } from 'react-dom/static'
import { prerenderToNodeStream } from 'react-dom/static.node'
import { injectPayload } from '../wire/inline-payload.server.ts'
import type { NodeBody } from '../wire/node-body.ts'
import { decoderOf, discard, documentElement, lateInterrupts } from './render-html.tsx'

export interface PrerenderedShell {
  /**
   * The shell's HTML without its closing `</body></html>`, which the resumed part writes after the
   * holes; empty when a read of the request outside every Suspense boundary left no shell.
   */
  prelude: Uint8Array<ArrayBuffer>
  /** React DOM's postponed state as JSON; null when the page had no hole (it rendered whole). */
  postponed: string | null
  /** What the shell's render threw besides the stop: a shell that met an error is not kept. */
  errors: unknown[]
}

const DOCUMENT_END = '</body></html>'

async function bytesOf(stream: AsyncIterable<Uint8Array | string>): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(Buffer.from(chunk))
  return Buffer.concat(chunks)
}

/**
 * Prerenders the HTML of `body` until `signal` stops it: what was ready is the shell, the Suspense
 * boundaries still waiting are its holes.
 */
export async function prerenderShell(
  body: NodeBody,
  signal: AbortSignal,
): Promise<PrerenderedShell> {
  const payload = body.pipe(new PassThrough())
  const errors: unknown[] = []
  try {
    const { prelude, postponed } = await prerenderToNodeStream(
      documentElement(decoderOf(payload)),
      {
        bootstrapModules: [getClientEntryUrl()],
        signal,
        onError(error: unknown) {
          if (!signal.aborted) errors.push(error)
        },
      },
    )
    const html = await bytesOf(prelude as AsyncIterable<Uint8Array | string>)
    const text = html.toString('utf8')
    const open = text.endsWith(DOCUMENT_END) ? text.slice(0, -DOCUMENT_END.length) : text
    const bytes = new Uint8Array(new ArrayBuffer(Buffer.byteLength(open)))
    bytes.set(Buffer.from(open))
    return { prelude: bytes, postponed: postponed ? JSON.stringify(postponed) : null, errors }
  } catch (error) {
    return { prelude: new Uint8Array(), postponed: null, errors: [...errors, error] }
  } finally {
    discard(payload)
  }
}

/**
 * The HTML that follows a shell already sent: React DOM resumes from `postponed` with the
 * visitor's payload (`body`), which goes inline for hydration; it ends the document.
 */
export async function resumeHtml(
  body: NodeBody,
  postponed: string,
  options: { signal?: AbortSignal },
): Promise<Readable> {
  const payload = body.pipe(new PassThrough())
  const { takeLateHtml, onError } = lateInterrupts(options.signal)
  const inline = injectPayload(payload, { takeLateHtml, afterSentHtml: true })
  // Its type says a promise; React 19.3 returns the stream itself. Awaited, either works.
  const { pipe, abort } = await resumeToPipeableStream(
    documentElement(decoderOf(payload)),
    JSON.parse(postponed) as PostponedState,
    {
      onError,
      // The shell is sent: what could not be resumed is rendered by the browser from the payload.
      onShellError: (error) => {
        onError(error)
        if (!inline.writableEnded) inline.end()
      },
    },
  )
  pipe(inline)
  const { signal } = options
  if (signal?.aborted) abort(signal.reason)
  else signal?.addEventListener('abort', () => abort(signal.reason), { once: true })
  return inline
}
