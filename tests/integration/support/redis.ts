// A real redis-server for the integration tests, on a free port, without persistence unless a
// test asks for a directory to save into (and to restart from). Needs `redis-server` on PATH
// (apt-get install -y redis-server; .ci/run installs it).
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { createServer } from 'node:net'

export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await new Promise((done) => server.once('listening', done))
  const address = server.address()
  await new Promise((done) => server.close(done))
  if (typeof address !== 'object' || !address) throw new Error('no free port')
  return address.port
}

/** Resolves once `child` prints `text` on stdout; rejects if it exits first or takes too long. */
export function waitForOutput(
  child: ChildProcess,
  text: string,
  timeoutMs = 10_000,
): Promise<void> {
  return new Promise((done, fail) => {
    let seen = ''
    const timer = setTimeout(() => fail(new Error(`no "${text}" in: ${seen}`)), timeoutMs)
    child.stdout?.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes(text)) {
        clearTimeout(timer)
        done()
      }
    })
    child.once('exit', (code) => fail(new Error(`exited (${code}) before "${text}": ${seen}`)))
  })
}

export interface RedisServer {
  url: string
  port: number
  process: ChildProcess
  stop(): void
}

export interface RedisOptions {
  /** Where `SAVE` writes its dump, and where a start loads it from (default: no dump). */
  dir?: string
  /** The port (default: a free one): a restart on the same port is the same server to clients. */
  port?: number
}

export async function startRedis(options: RedisOptions = {}): Promise<RedisServer> {
  const found = spawnSync('redis-server', ['--version'])
  if (found.error || found.status !== 0) {
    throw new Error(
      'redis-server is not installed: apt-get install -y redis-server (.ci/run does).',
    )
  }
  const port = options.port ?? (await freePort())
  // Without `dir`, the dump would go to (and be loaded from) the current directory.
  const dump = options.dir ? ['--dir', options.dir, '--dbfilename', 'dump.rdb'] : []
  const redis = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', ...dump],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  )
  await waitForOutput(redis, 'Ready to accept connections')
  return { url: `redis://127.0.0.1:${port}`, port, process: redis, stop: () => redis.kill() }
}
