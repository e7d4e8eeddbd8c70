// `WORKERS=N npm start`: N server processes behind one port, with `node:cluster` (docs/deploying.md).
// The primary serves nothing and loads no app code: it forks the workers, prints the one
// `Listening on` line once every worker listens, replaces a worker that dies (waiting longer each
// time workers die young, so a worker that crashes at start does not loop hot; before the cluster
// first listens, workers that cannot start at all make it exit 1), and on SIGTERM passes the
// signal on and exits once every worker has finished its requests.
import cluster, { type Worker } from 'node:cluster'
import { createServer } from 'node:net'
import { availableParallelism } from 'node:os'

/** The primary gives the workers this long on top of their own grace period (node/server.ts). */
const PRIMARY_GRACE_EXTRA_MS = 5_000
/** A worker that ran this long before dying was not crashing at start: replaced at once. */
const HEALTHY_AFTER_MS = 10_000
const FIRST_BACK_OFF_MS = 500
const MAX_BACK_OFF_MS = 30_000
/**
 * Before the cluster has ever listened, this many workers in a row exiting before they listen
 * (the port is taken, the app fails at start) make the primary give up and exit with code 1, as
 * one process that cannot start does: a supervisor sees the failure instead of a quiet loop.
 */
const START_ATTEMPTS = 5

/**
 * How many processes `WORKERS` asks for: unset, empty or 1 is one process and no cluster; `auto`
 * is the CPUs this process may use. Anything else but a whole number from 1 up is an error.
 */
export function workerCount(value: string | undefined): number {
  const text = value?.trim() ?? ''
  if (text === '') return 1
  if (text === 'auto') return availableParallelism()
  if (!/^\d+$/.test(text) || Number(text) < 1) {
    throw new Error(`WORKERS must be a whole number from 1 up, or auto (it is "${value}").`)
  }
  return Number(text)
}

export interface ClusterOptions {
  workers: number
  host: string
  port: number
  /** Printed once when the workers start: e.g. that their caches are not shared. */
  notice?: string
  /** The workers' own grace period on SIGTERM (node/server.ts). */
  graceMs: number
}

const log = (message: string) => console.log(`[cluster] ${message}`)

const describeExit = (code: number | null, signal: string | null) =>
  signal ? `was killed by ${signal}` : `exited with code ${code}`

/**
 * A port free on `host` now. With PORT=0 the workers get this one rather than 0: a worker's
 * listen(0) joins the port its siblings share, but once every worker is gone the next one would
 * be given another port, and a worker given the real port while others still listen on "0" fails
 * with EADDRINUSE (the primary keys its shared sockets by the port asked for).
 */
function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, host, () => {
      const address = probe.address()
      probe.close(() =>
        typeof address === 'object' && address
          ? resolve(address.port)
          : reject(new Error('no port')),
      )
    })
  })
}

/** Runs the primary: call only where `cluster.isPrimary`. */
export async function runPrimary({
  workers,
  host,
  port,
  notice,
  graceMs,
}: ClusterOptions): Promise<void> {
  log(`starting ${workers} workers (WORKERS=${process.env.WORKERS}).`)
  if (notice) log(notice)
  const listenPort = port === 0 ? await freePort(host) : port
  let announced = false
  let stopping = false
  let youngDeaths = 0
  /** Workers in a row that exited before they listened. */
  let failedStarts = 0
  /** The primary's exit code once every worker has stopped. */
  let exitCode: 0 | 1 = 0
  /** The live workers, and when each was forked. */
  const startedAt = new Map<Worker, number>()
  const listening = new Set<Worker>()
  const pendingForks = new Set<ReturnType<typeof setTimeout>>()

  const fork = (replacing?: Worker) => {
    const worker = cluster.fork({ PORT: String(listenPort) })
    startedAt.set(worker, Date.now())
    if (replacing) {
      worker.once('listening', () =>
        log(
          `worker ${worker.id} (pid ${worker.process.pid}) listens in place of worker ${replacing.id}.`,
        ),
      )
    }
  }

  cluster.on('listening', (worker, address) => {
    listening.add(worker)
    failedStarts = 0
    if (!announced && listening.size === workers) {
      announced = true
      // The line tests and the bench read: printed once, when the whole cluster answers.
      console.log(`Listening on http://${host}:${address.port}`)
    }
  })

  cluster.on('exit', (worker, code, signal) => {
    const listened = listening.delete(worker)
    const lived = Date.now() - (startedAt.get(worker) ?? Date.now())
    startedAt.delete(worker)
    const what = `worker ${worker.id} (pid ${worker.process.pid}) ${describeExit(code, signal)}`
    if (stopping) {
      if (code !== 0) {
        exitCode = 1
        log(`${what} while stopping.`)
      }
      if (startedAt.size === 0) finish()
      return
    }
    failedStarts = listened ? 0 : failedStarts + 1
    if (!announced && failedStarts >= START_ATTEMPTS) {
      log(`${what} before listening, as ${failedStarts} workers in a row did: giving up.`)
      stop('The workers cannot start', 1)
      return
    }
    youngDeaths = lived < HEALTHY_AFTER_MS ? youngDeaths + 1 : 0
    const delay =
      youngDeaths === 0 ? 0 : Math.min(MAX_BACK_OFF_MS, FIRST_BACK_OFF_MS * 2 ** (youngDeaths - 1))
    const after = `after ${(lived / 1000).toFixed(1)} s`
    if (delay === 0) {
      log(`${what} ${after}; starting another.`)
      fork(worker)
      return
    }
    log(
      `${what} ${after} (${youngDeaths} in a row died within ${HEALTHY_AFTER_MS / 1000} s of starting); starting another in ${delay / 1000} s.`,
    )
    const timer = setTimeout(() => {
      pendingForks.delete(timer)
      fork(worker)
    }, delay)
    pendingForks.add(timer)
  })

  function finish() {
    log('every worker has stopped.')
    process.exit(exitCode)
  }

  /** Stops every worker gracefully, then exits with `code` (1 if a worker did not stop cleanly). */
  function stop(reason: string, code: 0 | 1) {
    if (stopping) return
    stopping = true
    exitCode = code
    for (const timer of pendingForks) clearTimeout(timer)
    const running = [...startedAt.keys()]
    log(`${reason}: each of ${running.length} workers finishes its in-flight requests, then exits.`)
    if (running.length === 0) finish()
    // Each worker stops gracefully on SIGTERM (node/server.ts); a worker that already got the
    // signal from the terminal (its process group) ignores the second one.
    for (const worker of running) worker.process.kill('SIGTERM')
    setTimeout(() => {
      log('workers still running after the grace period: killing them.')
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL')
      process.exit(1)
    }, graceMs + PRIMARY_GRACE_EXTRA_MS).unref()
  }
  process.once('SIGTERM', () => stop('SIGTERM', 0))
  process.once('SIGINT', () => stop('SIGINT', 0))

  for (let i = 0; i < workers; i++) fork()
}
