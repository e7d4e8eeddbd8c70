// The HTML renderer of a handler made in a core test: src/framework/ssr/render-html.tsx itself,
// run by html-worker.mjs in a worker thread (React DOM cannot load under the react-server
// condition this test process runs with). The payload's bytes go to the worker as they come; the
// HTML comes back as a stream once the worker's render reports its shell ready, or the error that
// stopped the shell (with its digest, which is what server/document.ts reads interrupts from).
// A no-JS form post's `formState` is not passed to the worker: no test here posts forms.
import { AsyncResource } from 'node:async_hooks'
import { PassThrough, type Readable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import type { HtmlRenderer } from '../../../src/framework/server/core-state.ts'
import type { HtmlResult } from '../../../src/framework/ssr/render-html.tsx'

type ErrorInfo = { message: string; digest?: string }
type FromWorker =
  | { type: 'ready' }
  | { type: 'shell'; id: number; ok: true; inBrowser: boolean }
  | { type: 'shell'; id: number; ok: false; error: ErrorInfo }
  | { type: 'html'; id: number; chunk: Uint8Array }
  | { type: 'html-end'; id: number }
  | { type: 'html-error'; id: number; error: ErrorInfo }
  | { type: 'from-payload'; id: number; digest?: string }

interface Pending {
  shell(result: HtmlResult): void
  html: PassThrough
  fromPayload?: (error: unknown) => boolean
}

const errorOf = ({ message, digest }: ErrorInfo) => Object.assign(new Error(message), { digest })

export interface TestHtmlRenderer {
  renderer: HtmlRenderer
  stop(): Promise<void>
}

export async function startHtmlRenderer(): Promise<TestHtmlRenderer> {
  const answers = new SharedArrayBuffer(8)
  const shared = new Int32Array(answers)
  const worker = new Worker(new URL('./html-worker.mjs', import.meta.url), {
    // Not the test process's --conditions=react-server: the ssr side uses React's client build.
    execArgv: [],
    workerData: { root: fileURLToPath(new URL('../../../', import.meta.url)), answers },
  })
  const pending = new Map<number, Pending>()
  let next = 0
  const ready = new Promise<void>((resolve, reject) => {
    worker.once('error', reject)
    worker.on('message', (message: FromWorker) => {
      if (message.type === 'ready') return resolve()
      const entry = pending.get(message.id)
      if (!entry) return
      switch (message.type) {
        case 'shell':
          if (message.ok)
            entry.shell({
              ok: true,
              stream: entry.html,
              ...(message.inBrowser && { inBrowser: true }),
            })
          else {
            pending.delete(message.id)
            entry.shell({ ok: false, error: errorOf(message.error) })
          }
          return
        case 'html':
          entry.html.write(Buffer.from(message.chunk))
          return
        case 'html-end':
          pending.delete(message.id)
          entry.html.end()
          return
        case 'html-error':
          pending.delete(message.id)
          entry.html.destroy(errorOf(message.error))
          return
        case 'from-payload': {
          const yes = entry.fromPayload?.({ digest: message.digest }) === true
          Atomics.store(shared, 1, yes ? 1 : 0)
          Atomics.store(shared, 0, 1)
          Atomics.notify(shared, 0)
          return
        }
      }
    })
  })
  await ready

  const start = (id: number, fromPayload?: (error: unknown) => boolean) =>
    new Promise<HtmlResult>((shell) => {
      pending.set(id, { shell, html: new PassThrough(), fromPayload })
    })

  const renderer: HtmlRenderer = {
    renderHtml(body, options) {
      const id = next++
      // Asked from the worker's message, outside the request: answered within it.
      const result = start(id, AsyncResource.bind(options.fromPayload))
      worker.postMessage({ type: 'render', id, nonce: options.nonce })
      const payload = body.pipe(new PassThrough())
      payload.on('data', (chunk: Buffer) => worker.postMessage({ type: 'chunk', id, chunk }))
      payload.on('end', () => worker.postMessage({ type: 'end', id }))
      const { signal } = options
      if (signal?.aborted) worker.postMessage({ type: 'abort', id })
      else
        signal?.addEventListener('abort', () => worker.postMessage({ type: 'abort', id }), {
          once: true,
        })
      return result
    },
    async renderErrorDocument(digest, options): Promise<Readable> {
      const id = next++
      const result = start(id)
      worker.postMessage({ type: 'error-document', id, digest, options })
      const shell = await result
      if (!shell.ok) throw shell.error
      return shell.stream
    },
    // Partial prerendering runs against the production build (tests/e2e/partial-prerendering.test.ts).
    prerenderShell: () => Promise.reject(new Error('No partial prerendering in the core tests.')),
    resumeHtml: () => Promise.reject(new Error('No partial prerendering in the core tests.')),
  }
  return {
    renderer,
    async stop() {
      await worker.terminate()
    },
  }
}
