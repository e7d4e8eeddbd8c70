// The floor's ssr side: RSC payload → HTML, with the payload inlined for hydration (inline.ts).
// Decoding starts inside React DOM's render, so the payload's preload hints reach the HTML.
import type { ServerResponse } from 'node:http'
import { PassThrough, type Readable, Transform } from 'node:stream'
import { type ReactNode, use } from 'react'
import { createDocumentEnd, payloadScript } from './inline.ts'

/** The tree decoded from the payload; `decode` is first called here, within React DOM's render. */
function SsrRoot({ decode }: { decode: () => Promise<ReactNode> }) {
  return use(decode())
}

/** (c) Node streams: createFromNodeStream and react-dom/server.node's renderToPipeableStream. */
export async function nodeStreams() {
  const [{ createFromNodeStream, getClientEntryUrl }, { renderToPipeableStream }] =
    await Promise.all([import('@vitejs/plugin-rsc/ssr.node'), import('react-dom/server.node')])
  const bootstrapModules = [getClientEntryUrl()]

  return (payload: Readable, res: ServerResponse) => {
    const forSsr = payload.pipe(new PassThrough())
    const scripts = inlineScripts(payload)
    let tree: Promise<ReactNode> | undefined
    const decode = () => (tree ??= createFromNodeStream<ReactNode>(forSsr))
    const documentEnd = createDocumentEnd()
    const html = renderToPipeableStream(<SsrRoot decode={decode} />, {
      bootstrapModules,
      onShellReady() {
        const inline = new Transform({
          transform: (chunk: Buffer, _, callback) => callback(null, documentEnd.write(chunk)),
          flush: (callback) => {
            scripts.then((text) => callback(null, documentEnd.end(text)), callback)
          },
        })
        html.pipe(inline).pipe(res)
      },
      onShellError(error) {
        console.error(error)
        res.statusCode = 500
        res.end()
      },
    })
    res.on('close', () => html.abort())
  }
}

/** Reads the payload beside the pipe to `forSsr`: both see every chunk. */
function inlineScripts(payload: Readable): Promise<string> {
  const decoder = new TextDecoder()
  let scripts = ''
  payload.on('data', (chunk: Buffer) => {
    scripts += payloadScript(decoder.decode(chunk, { stream: true }))
  })
  return new Promise((resolve, reject) => {
    payload.on('end', () => resolve(scripts + payloadScript(decoder.decode())))
    payload.on('error', reject)
  })
}

/** (d) Web streams: createFromReadableStream and react-dom/server.edge's renderToReadableStream. */
export async function webStreams() {
  const [{ createFromReadableStream, getClientEntryUrl }, { renderToReadableStream }] =
    await Promise.all([import('@vitejs/plugin-rsc/ssr'), import('react-dom/server.edge')])
  const bootstrapModules = [getClientEntryUrl()]

  return async (payload: ReadableStream<Uint8Array>, signal: AbortSignal) => {
    const [forSsr, forInline] = payload.tee()
    const scripts = inlineWebScripts(forInline)
    let tree: Promise<ReactNode> | undefined
    const decode = () => (tree ??= createFromReadableStream<ReactNode>(forSsr))
    const html = await renderToReadableStream(<SsrRoot decode={decode} />, {
      bootstrapModules,
      signal,
    })
    const documentEnd = createDocumentEnd()
    return html.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform: (chunk, controller) => controller.enqueue(documentEnd.write(chunk)),
        flush: async (controller) => controller.enqueue(documentEnd.end(await scripts)),
      }),
    )
  }
}

async function inlineWebScripts(payload: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder()
  let scripts = ''
  for await (const chunk of payload)
    scripts += payloadScript(decoder.decode(chunk, { stream: true }))
  return scripts + payloadScript(decoder.decode())
}
