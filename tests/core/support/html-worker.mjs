// The ssr environment of the core tests, in a thread of its own: Node resolves `react` there
// without the react-server condition the test process runs under, and a Vite server of its own
// loads src/framework/ssr/render-html.tsx and the "use client" modules a payload references (by
// file path, client-references-plugin.ts) as the ssr build would. html-renderer.ts talks to it.
import { finished, PassThrough } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { parentPort, workerData } from 'node:worker_threads'
import { createServer } from 'vite'

const { root, answers } = workerData
const shared = new Int32Array(answers)
const port = parentPort

const vite = await createServer({
  root,
  configFile: false,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, ws: false, watch: null },
  optimizeDeps: { noDiscovery: true, include: [] },
  resolve: {
    alias: [
      {
        find: /^@vitejs\/plugin-rsc\/ssr\.node$/,
        replacement: fileURLToPath(new URL('./ssr-shim.mjs', import.meta.url)),
      },
    ],
  },
})

// React's Flight client loads a client reference through these (async references: a promise).
const loaded = new Map()
globalThis.__webpack_require__ = (id) => {
  if (!loaded.has(id)) loaded.set(id, vite.ssrLoadModule(id))
  return loaded.get(id)
}
globalThis.__webpack_chunk_load__ = () => Promise.resolve()

const { createHtmlRenderer } = await vite.ssrLoadModule('/src/framework/ssr/render-html.tsx')
const renderer = createHtmlRenderer(undefined)

/** What crosses back of an error: its message and digest (which interrupts are read from). */
const errorInfo = (error) => ({
  message: error instanceof Error ? error.message : String(error),
  digest: error?.digest,
})

/** Asks the test process, synchronously as render-html.tsx asks, whether the payload sent `error`. */
function fromPayload(id, error) {
  Atomics.store(shared, 0, 0)
  port.postMessage({ type: 'from-payload', id, digest: error?.digest })
  Atomics.wait(shared, 0, 0)
  return Atomics.load(shared, 1) === 1
}

function sendStream(id, stream) {
  stream.on('data', (chunk) => port.postMessage({ type: 'html', id, chunk }))
  stream.on('end', () => port.postMessage({ type: 'html-end', id }))
  stream.on('error', (error) =>
    port.postMessage({ type: 'html-error', id, error: errorInfo(error) }),
  )
}

const renders = new Map()

port.on('message', async (message) => {
  const { id } = message
  switch (message.type) {
    case 'render': {
      const input = new PassThrough()
      const controller = new AbortController()
      renders.set(id, { input, controller })
      const result = await renderer.renderHtml(input, {
        nonce: message.nonce,
        signal: controller.signal,
        fromPayload: (error) => fromPayload(id, error),
      })
      if (result.ok) {
        port.postMessage({ type: 'shell', id, ok: true, inBrowser: result.inBrowser === true })
        sendStream(id, result.stream)
        finished(result.stream, () => renders.delete(id))
      } else {
        renders.delete(id)
        port.postMessage({ type: 'shell', id, ok: false, error: errorInfo(result.error) })
      }
      return
    }
    case 'chunk':
      renders.get(id)?.input.write(Buffer.from(message.chunk))
      return
    case 'end':
      renders.get(id)?.input.end()
      return
    case 'abort':
      renders.get(id)?.controller.abort(new Error('aborted'))
      return
    case 'error-document':
      try {
        const stream = await renderer.renderErrorDocument(message.digest, message.options)
        port.postMessage({ type: 'shell', id, ok: true, inBrowser: false })
        sendStream(id, stream)
      } catch (error) {
        port.postMessage({ type: 'shell', id, ok: false, error: errorInfo(error) })
      }
      return
    case 'stop':
      await vite.close()
      port.close()
      return
  }
})

port.postMessage({ type: 'ready' })
