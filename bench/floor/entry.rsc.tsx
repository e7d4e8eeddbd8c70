// The floor's rsc side: the tree as an RSC payload, answered alone at PAYLOAD_PATH or handed to
// the ssr side for HTML at PAGE_PATH. Each variant loads only its own React builds, once.
import { once } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { PassThrough } from 'node:stream'
import { Root } from './root.tsx'

export type Variant = 'node' | 'web'
export type Handler = (req: IncomingMessage, res: ServerResponse) => void

export const PAGE_PATH = '/bench/dynamic'
export const PAYLOAD_PATH = '/bench/dynamic_.rsc'
const HTML = 'text/html; charset=utf-8'
const PAYLOAD = 'text/x-component'

const loadSsr = () =>
  import.meta.viteRsc.loadModule<typeof import('./entry.ssr.tsx')>('ssr', 'index')

function route(req: IncomingMessage, res: ServerResponse): 'page' | 'payload' | undefined {
  const path = req.url?.split('?', 1)[0]
  if (path === PAGE_PATH) return 'page'
  if (path === PAYLOAD_PATH) return 'payload'
  res.statusCode = 404
  res.end()
}

/** (c) Node streams: renderToPipeableStream on both sides. */
async function nodeStreams(): Promise<Handler> {
  const { renderToPipeableStream } = await import('@vitejs/plugin-rsc/rsc/server.node')
  const renderHtml = await (await loadSsr()).nodeStreams()
  return (req, res) => {
    const kind = route(req, res)
    if (!kind) return
    const payload = renderToPipeableStream(<Root />)
    res.on('close', () => payload.abort())
    if (kind === 'payload') {
      res.setHeader('content-type', PAYLOAD)
      payload.pipe(res)
      return
    }
    res.setHeader('content-type', HTML)
    renderHtml(payload.pipe(new PassThrough()), res)
  }
}

/** (d) Web streams: renderToReadableStream on both sides. */
async function webStreams(): Promise<Handler> {
  const { renderToReadableStream } = await import('@vitejs/plugin-rsc/rsc/server')
  const renderHtml = await (await loadSsr()).webStreams()
  return async (req, res) => {
    const kind = route(req, res)
    if (!kind) return
    const abort = new AbortController()
    res.on('close', () => abort.abort())
    const payload = renderToReadableStream(<Root />, { signal: abort.signal })
    res.setHeader('content-type', kind === 'payload' ? PAYLOAD : HTML)
    try {
      const body = kind === 'payload' ? payload : await renderHtml(payload, abort.signal)
      await send(body, res, abort.signal)
    } catch (error) {
      if (abort.signal.aborted) return
      console.error(error)
      if (!res.headersSent) res.statusCode = 500
      res.end()
    }
  }
}

/** A Web stream into Node's response, waiting for `drain` when the socket is behind. */
async function send(body: ReadableStream<Uint8Array>, res: ServerResponse, signal: AbortSignal) {
  for await (const chunk of body) {
    if (!res.write(chunk)) await once(res, 'drain', { signal })
  }
  res.end()
}

export function createHandler(variant: Variant): Promise<Handler> {
  return variant === 'node' ? nodeStreams() : webStreams()
}
