// `npm start`: the production build served by Node. Static assets by sirv (hashed ones cached
// for a year), compression that flushes every chunk so streaming survives it, the framework's
// handler as a Node listener (node/listener.ts), and a graceful stop on SIGTERM. With WORKERS=N
// (N > 1) this process is the cluster's primary (node/cluster.ts), which loads no app code, and
// each of its N workers runs the server below on the same port.
import cluster from 'node:cluster'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { fileURLToPath } from 'node:url'
import { constants as zlib } from 'node:zlib'
import buildOptions from 'virtual:framework/options'
import compression from 'compression'
import sirv from 'sirv'
import { mergeCacheOptions } from '../cache/options.ts'
import { handlerKind } from '../cache/stores.ts'
import {
  DEFAULT_CONFIG,
  edgeOptionsFromEnv,
  type FrameworkOptions,
  resolveConfig,
} from '../config.ts'
import { runPrimary, workerCount } from './cluster.ts'
import { answerFailure } from './listener.ts'

const CLIENT_DIR = fileURLToPath(new URL('../client', import.meta.url))
const IMMUTABLE = 'public, max-age=31536000, immutable'
const SHUTDOWN_GRACE_MS = 10_000
/** How often Node checks the timeouts below: each is enforced within this much of passing. */
const TIMEOUT_CHECK_MS = 1000

/**
 * How long a client may take, in milliseconds: to send a request's headers, the whole request
 * (its body too), and between two requests on a kept-alive connection. Node's own (60 s, 300 s)
 * let slow clients hold connections for minutes; these suit a server facing the internet
 * (docs/configuration.md). 0 turns one off.
 */
interface Timeouts {
  headersMs: number
  requestMs: number
  keepAliveMs: number
}

/** `name`'s value as a whole number of milliseconds, or `fallback` when unset or empty. */
function millisecondsFromEnv(name: string, fallback: number): number {
  const value = process.env[name]?.trim() ?? ''
  if (value === '') return fallback
  if (!/^\d+$/.test(value)) {
    throw new Error(`${name} must be a whole number of milliseconds (it is "${value}").`)
  }
  return Number(value)
}

function timeoutsFromEnv(): Timeouts {
  const timeouts = {
    headersMs: millisecondsFromEnv('HEADERS_TIMEOUT_MS', 10_000),
    requestMs: millisecondsFromEnv('REQUEST_TIMEOUT_MS', 60_000),
    keepAliveMs: millisecondsFromEnv('KEEP_ALIVE_TIMEOUT_MS', 5_000),
  }
  if (timeouts.requestMs > 0 && timeouts.headersMs > timeouts.requestMs) {
    throw new Error('HEADERS_TIMEOUT_MS must not be more than REQUEST_TIMEOUT_MS.')
  }
  return timeouts
}

/**
 * The origin kept answers are rendered against (config.ts `origin`): ORIGIN, else the app's
 * option, else this server's own address, as `Listening on` prints it (`localhost` for an
 * address that names every interface).
 */
function serverOptions(host: string, port: number): FrameworkOptions {
  const fromEnv = edgeOptionsFromEnv(process.env)
  if (fromEnv.origin || buildOptions.origin) return fromEnv
  const name = host === '0.0.0.0' || host === '::' ? 'localhost' : host
  return { ...fromEnv, origin: `http://${name.includes(':') ? `[${name}]` : name}:${port}` }
}

/**
 * A hashed file may be kept for a year, but not an error sirv answers for it after this call (a
 * `416` for a range past its end): that one is `no-store`. sirv ends such an answer without
 * writeHead(), and Node then calls writeHead() with the status (so does compression's wrapper).
 */
function immutableUnlessFailed(res: ServerResponse) {
  res.setHeader('cache-control', IMMUTABLE)
  const writeHead = res.writeHead
  res.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode
    if (status >= 400) this.setHeader('cache-control', 'no-store')
    return Reflect.apply(writeHead, this, args) as ServerResponse
  } as ServerResponse['writeHead']
}

const serveAssets = sirv(CLIENT_DIR, {
  etag: true,
  setHeaders(res, pathname) {
    // Vite content-hashes everything under /assets/; other public files may change in place.
    // A missing file never gets here: the app answers it (a 404, `private, no-store`).
    if (pathname.startsWith('/assets/')) immutableUnlessFailed(res)
  },
})
const compress = compression({
  flush: zlib.Z_SYNC_FLUSH,
  brotli: { flush: zlib.BROTLI_OPERATION_FLUSH },
})

/**
 * sirv passes a Range header's numbers to fs.createReadStream, which throws (and takes the
 * process down) for a start after the end. Only plain `bytes=start-[end]` ranges are kept;
 * others are ignored, which HTTP allows: the whole file is sent.
 */
function dropUnusableRange(req: IncomingMessage) {
  const range = req.headers.range
  if (range === undefined) return
  const match = /^bytes=(\d{1,15})-(\d{0,15})$/.exec(range)
  if (!match || (match[2] !== '' && Number(match[2]) < Number(match[1]))) delete req.headers.range
}

// compression's types name Express's request and response; it only uses Node's.
type CompressArgs = Parameters<typeof compress>
/** LOG_REQUESTS=1: one line per request, when it ends: method, URL, status, time taken. */
const logRequests = process.env.LOG_REQUESTS === '1'

function logWhenDone(req: IncomingMessage, res: ServerResponse) {
  const start = performance.now()
  res.once('close', () => {
    const ms = Math.round(performance.now() - start)
    const early = res.writableFinished ? '' : ' (client went away first)'
    console.log(`${req.method} ${req.url} ${res.statusCode} ${ms}ms${early}`)
  })
}

/** Serves the app on `host:port`: the whole server, or one worker of the cluster. */
async function serve(host: string, port: number, timeouts: Timeouts) {
  // Loaded here, not by the cluster's primary, which serves nothing.
  const app = await import('../entry.rsc.tsx')
  // A worker's lines say which worker wrote them; the primary announces the port.
  const say = (message: string) =>
    console.log(cluster.isWorker ? `[worker ${cluster.worker?.id}] ${message}` : message)
  let stopping = false

  const server = createServer({
    headersTimeout: timeouts.headersMs,
    requestTimeout: timeouts.requestMs,
    connectionsCheckingInterval: TIMEOUT_CHECK_MS,
  })
  server.keepAliveTimeout = timeouts.keepAliveMs
  // The handler is made once the port is known: it is the default origin (serverOptions()).
  await new Promise<void>((resolve) => server.listen(port, host, resolve))
  const address = server.address()
  // PORT=0 picks a free port: the real one.
  const actualPort = typeof address === 'object' && address ? address.port : port
  const renderApp = app.createNodeRequestListener(
    app.createRequestHandler(serverOptions(host, actualPort)),
  )
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    // While stopping, tell keep-alive clients not to send another request on this connection.
    if (stopping) res.setHeader('connection', 'close')
    if (logRequests) logWhenDone(req, res)
    dropUnusableRange(req)
    // The app's handler answers its own failures (node/listener.ts); this catches what compression
    // or the static files throw, so that no request can stop the process.
    try {
      compress(req as CompressArgs[0], res as CompressArgs[1], () =>
        serveAssets(req, res, () => renderApp(req, res)),
      )
    } catch (error) {
      void answerFailure(res, error)
    }
  })

  // Tests read this line.
  if (!cluster.isWorker) console.log(`Listening on http://${host}:${actualPort}`)

  function shutdown(signal: string) {
    // A worker may get the signal twice: from the terminal (its process group) and the primary.
    if (stopping) return
    stopping = true
    say(`${signal}: finishing in-flight requests, then exiting.`)
    // Then the after() callbacks under way (server/after.ts), within the same grace period.
    server.close(() => void app.afterCallbacksSettled().then(() => process.exit(0)))
    // Connections that finish their last response become idle: close them as soon as they do.
    setInterval(() => server.closeIdleConnections(), 100).unref()
    setTimeout(() => process.exit(1), SHUTDOWN_GRACE_MS).unref()
  }
  process.once('SIGTERM', () => shutdown('SIGTERM'))
  process.once('SIGINT', () => shutdown('SIGINT'))
}

/**
 * What the cluster's primary says when the workers share no cache store: with the memory store,
 * each worker has its own data cache and static pages, and a revalidation reaches one worker.
 */
function unsharedCacheNotice(): string | undefined {
  if (handlerKind(mergeCacheOptions(DEFAULT_CONFIG.cache, buildOptions.cache)) !== 'memory') {
    return undefined
  }
  return 'The cache store is in memory (no REDIS_URL): each worker has its own cached() data and static pages, and revalidateTag() / revalidatePath() reach only the worker that calls them. Set REDIS_URL to share them (docs/deploying.md).'
}

function start() {
  const port = Number(process.env.PORT ?? 3000)
  const host = process.env.HOST ?? '127.0.0.1'
  let workers: number
  let timeouts: Timeouts
  try {
    workers = workerCount(process.env.WORKERS)
    timeouts = timeoutsFromEnv()
    resolveConfig(edgeOptionsFromEnv(process.env)) // an ORIGIN that is no origin stops the start
  } catch (error) {
    console.error((error as Error).message)
    process.exit(1)
  }
  if (workers > 1 && cluster.isPrimary) {
    const notice = unsharedCacheNotice()
    void runPrimary({ workers, host, port, graceMs: SHUTDOWN_GRACE_MS, notice })
  } else {
    // A worker reads the same variables: cluster.fork() passes this process's environment on.
    void serve(host, port, timeouts)
  }
}

start()
