// after(), as in the App Router: work to do once the response has been sent (an access log, an
// analytics call). handleWithAfter(), around every request createHandler() serves, collects the
// request's callbacks and starts them when its answer's body has been fully sent or was
// cancelled (or the client left); an answer without a body counts as sent once handed over. A
// callback that fails is logged with a digest and changes nothing of the response. The Node
// server waits for callbacks under way before it exits on SIGTERM (node/server.ts, docs/errors.md
// "after()").
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks'
import { reportServerError } from '../wire/errors.ts'
import { type NodeBody, pipeBody, wrapNodeBody } from '../wire/node-body.ts'

type Task = () => unknown

interface AfterQueue {
  tasks: Task[]
  /** Set once the response is sent: later after() calls start at once. */
  started: boolean
  /** The host's way to keep running for a callback (CoreDependencies.waitUntil). */
  waitUntil: ((promise: Promise<unknown>) => void) | undefined
}

const storage = new AsyncLocalStorage<AfterQueue>()

/** Callbacks started and not yet settled, in this process: what SIGTERM waits for. */
const running = new Set<Promise<unknown>>()

function start(task: Task, queue: AfterQueue): void {
  const settled = Promise.resolve()
    .then(task)
    .then(undefined, (error: unknown) => {
      reportServerError(error)
    })
    .finally(() => running.delete(settled))
  running.add(settled)
  queue.waitUntil?.(settled)
}

/**
 * A PromiseLike as a task. Its then() is called once, here: a query builder's then() runs the
 * query. A rejection before the response is sent must not count as unhandled (Node would stop
 * the process): it is marked handled now, and reported when the task runs.
 */
function settledOnce(task: PromiseLike<unknown>): Task {
  const promise = Promise.resolve(task)
  promise.catch(() => {})
  return () => promise
}

/**
 * Runs `task` after the response to the current request has been sent. `task` may be a function
 * (sync or async) or a promise; it runs with the request's context, so cookies() and headers()
 * still read the request.
 */
export function after(task: Task | PromiseLike<unknown>): void {
  const queue = storage.getStore()
  if (!queue) {
    throw new Error(
      'after() was called outside a request. Call it from a server component, a server function, a route handler or the middleware while it handles a request.',
    )
  }
  const bound: Task = typeof task === 'function' ? AsyncResource.bind(task) : settledOnce(task)
  if (queue.started) start(bound, queue)
  else queue.tasks.push(bound)
}

/**
 * Runs `fn`, a render made for everyone (serve-page.ts, a whole render), with an after() queue of
 * its own; once it settles, what it queued joins the current request's queue if `keep(result)`,
 * and is dropped otherwise: a render that turned out to read the request is rendered again for
 * the visitor, and that render queues the same callbacks itself. So they run once per request.
 */
export async function withOwnAfterQueue<T>(
  fn: () => Promise<T>,
  keep: (result: T) => boolean,
): Promise<T> {
  const outer = storage.getStore()
  const own: AfterQueue = { tasks: [], started: false, waitUntil: outer?.waitUntil }
  const result = await storage.run(own, fn)
  const tasks = own.tasks.splice(0)
  if (outer && keep(result)) {
    for (const task of tasks) {
      if (outer.started) start(task, outer)
      else outer.tasks.push(task)
    }
  }
  return result
}

/** Resolves once every callback started so far has settled (for a graceful stop). */
export async function afterCallbacksSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running])
}

/**
 * A Node body that calls `done` once its destination has closed: written to the end, or cut.
 * (A Node response and the PassThrough a Web reader draws from both close either way.)
 */
function nodeBodyThen(body: NodeBody, done: () => void): NodeBody {
  return {
    pipe(destination) {
      destination.once('close', done)
      return pipeBody(body, destination)
    },
  }
}

/** A Web body that calls `done` once it has been read to its end, failed or was cancelled. */
function webBodyThen(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream {
  const reader = body.getReader()
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read()
        if (ended) {
          controller.close()
          done()
        } else controller.enqueue(value)
      } catch (error) {
        controller.error(error)
        done()
      }
    },
    cancel(reason) {
      done()
      return reader.cancel(reason)
    },
  })
}

/**
 * Handles one request with after() available in it: its callbacks start once the answer has
 * been sent. A rendered page's Node body is always watched (its render may call after() while it
 * streams); any other answer only when callbacks are waiting, so others pass untouched.
 */
export async function handleWithAfter(
  request: Request,
  handle: () => Promise<Response>,
  waitUntil?: (promise: Promise<unknown>) => void,
): Promise<Response> {
  const queue: AfterQueue = { tasks: [], started: false, waitUntil }
  const response = await storage.run(queue, handle)
  const run = () => {
    if (queue.started) return
    queue.started = true
    for (const task of queue.tasks.splice(0)) start(task, queue)
  }
  // The same response, its Node body watched: no second Response nor Web stream for it.
  const watched = wrapNodeBody(response, (body) => nodeBodyThen(body, run))
  if (!watched && queue.tasks.length === 0) {
    // Nothing to wait for; a callback registered later (by a streaming body) starts at once.
    queue.started = true
    return response
  }
  // The client left: nothing more will be sent.
  request.signal.addEventListener('abort', run, { once: true })
  if (watched) return response
  const init = {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  }
  if (response.body) return new Response(webBodyThen(response.body, run), init)
  setImmediate(run) // no body: sent once the server has written the head
  return response
}
