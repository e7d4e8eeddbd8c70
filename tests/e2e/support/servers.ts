// The app's servers as the tests see them: the production build (`node dist/rsc/server.js`, as
// `npm start` runs it) on a free port, and the Vite dev server. Each server keeps the app's data
// in a fresh temporary directory (the app's DATA_DIR): every test file starts from the seeded
// notes, and the developer's own data/ is never touched.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  assertBuilt,
  ROOT_DIR,
  SERVER_ENTRY,
  serverTarget,
  VITE_BIN,
  WORKERS_CONFIG,
} from './paths.ts'
import { type ExitStatus, ManagedProcess } from './process.ts'

export interface RunningServer {
  /** Origin without a trailing slash, e.g. `http://127.0.0.1:41234`. */
  url: string
  process: ManagedProcess
  /** The app's data directory for this server (removed when the server stops). */
  dataDir: string
  /**
   * Stops the server by its PID (SIGTERM, then SIGKILL), removes its data directory (unless
   * `keepDataDir`, for a restart on the same data), and resolves with its exit status.
   */
  stop(options?: StopOptions): Promise<ExitStatus>
}

export interface StopOptions {
  /** Leave the data directory in place, e.g. to start another server on the same data. */
  keepDataDir?: boolean
}

/** A fresh, empty directory for the app's data; the app seeds it on first use. */
export function createDataDir(): string {
  return mkdtempSync(join(tmpdir(), 'rsc-e2e-data-'))
}

export function removeDataDir(dataDir: string): void {
  rmSync(dataDir, { recursive: true, force: true })
}

export interface ProductionServerOptions {
  /** Extra environment variables for the server process. */
  env?: Record<string, string>
  /**
   * An existing data directory (e.g. one a stopped server kept) instead of a fresh one. The new
   * server owns it: its `stop()` removes it like any other.
   */
  dataDir?: string
}

/** The server prints this once it listens; `PORT=0` makes it pick a free port. */
const LISTENING = /Listening on (http:\/\/\S+)/

export async function startProductionServer(
  options: ProductionServerOptions = {},
): Promise<RunningServer> {
  const target = serverTarget()
  assertBuilt(target)
  const dataDir = options.dataDir ?? createDataDir()
  if (target === 'workers') return startWorker(dataDir, options.env)
  const child = ManagedProcess.spawn(process.execPath, [SERVER_ENTRY], {
    name: 'production server',
    cwd: ROOT_DIR,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      ...options.env,
    },
  })
  return withUrl(child, LISTENING, dataDir)
}

/**
 * Runs a shell command the way a user would (e.g. `npm start`) in its own process group, and
 * waits for the production server's "Listening on" line.
 */
export async function startCommand(
  command: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const dataDir = createDataDir()
  const child = ManagedProcess.spawn(command, args, {
    name: `\`${[command, ...args].join(' ')}\``,
    cwd: ROOT_DIR,
    env: { ...process.env, HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, ...env },
    group: true,
  })
  return withUrl(child, LISTENING, dataDir)
}

/** No telemetry, and no fetch of the `Request.cf` sample from Cloudflare. */
const WRANGLER_OFFLINE = { WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' }

/**
 * The built Worker (dist-workers/) in workerd, as `vite preview` runs it with the Cloudflare
 * plugin: local only (no account, no network), its KV namespaces kept under the data directory
 * (vite.workers.config.ts), so each server starts from the seeded notes like a Node one.
 */
async function startWorker(
  dataDir: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await findFreePort()
  const child = ManagedProcess.spawn(
    process.execPath,
    [
      VITE_BIN,
      'preview',
      '--config',
      WORKERS_CONFIG,
      // 127.0.0.1, as the Node server: tests that need another host name use `localhost`.
      ...['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    ],
    {
      name: 'Worker (vite preview)',
      cwd: ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: dataDir,
        ...WRANGLER_OFFLINE,
        ...env,
      },
    },
  )
  return withUrl(child, /Local:\s+(http:\/\/\S+)/, dataDir)
}

export interface DevServerOptions {
  /** The project to serve (a copy made by copyProject(), say); the real project by default. */
  root?: string
  /**
   * The Workers dev server (`vite.workers.config.ts`): the server code runs in workerd. Needs the
   * Workers toolchain (`node tools/workers/install.mjs`).
   */
  workers?: boolean
}

/** Vite's dev server (spawned as `node vite.js`, so its PID is the server's own). */
export async function startDevServer(options: DevServerOptions = {}): Promise<RunningServer> {
  const port = await findFreePort()
  const dataDir = createDataDir()
  const child = ManagedProcess.spawn(
    process.execPath,
    [
      VITE_BIN,
      ...(options.workers ? ['--config', WORKERS_CONFIG] : []),
      ...['--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    ],
    {
      name: options.workers ? 'Workers dev server' : 'dev server',
      cwd: options.root ?? ROOT_DIR,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        DATA_DIR: dataDir,
        ...(options.workers ? WRANGLER_OFFLINE : {}),
      },
    },
  )
  return withUrl(child, /Local:\s+(http:\/\/\S+)/, dataDir)
}

async function withUrl(
  child: ManagedProcess,
  pattern: RegExp,
  dataDir: string,
): Promise<RunningServer> {
  const stop = async (options: StopOptions = {}) => {
    const status = await child.stop()
    if (!options.keepDataDir) removeDataDir(dataDir)
    return status
  }
  try {
    const [, url] = await child.waitForLine(pattern)
    return { url: url!.replace(/\/$/, ''), process: child, dataDir, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/** A TCP port that was free a moment ago (for servers that cannot be given port 0). */
export function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => (port ? resolve(port) : reject(new Error('No free port found.'))))
    })
  })
}
