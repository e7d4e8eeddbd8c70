// The bench's child processes: builds, servers (each prints `Listening on <url>` once it
// listens on PORT=0) and autocannon. Every server started here is stopped by stopAll(), also when
// the run fails; nothing else is ever signalled.
import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { promisify } from 'node:util'

const run = promisify(execFile)

export interface ServerCommand {
  /** Script run by this Node binary, relative to the repository. */
  script: string
  env: Record<string, string>
}

export interface Server {
  url: string
  pid: number
  /** The last lines the server printed (stdout and stderr). */
  log: string[]
  stop(): Promise<void>
}

const LISTENING = /Listening on (http:\/\/\S+)/
const START_TIMEOUT_MS = 30_000
const STOP_TIMEOUT_MS = 5_000
const RUN_TIMEOUT_MS = 300_000
const LOG_LINES = 50

const running = new Set<ChildProcess>()

/** Stops `child`: SIGTERM, then SIGKILL if it has not exited within STOP_TIMEOUT_MS. */
export async function stop(child: ChildProcess): Promise<void> {
  running.delete(child)
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS)
  await exited
  clearTimeout(timer)
}

export async function stopAll(): Promise<void> {
  await Promise.all([...running].map(stop))
}

/** Spawns a production server on a free port and resolves once it said where it listens. */
export function startServer(command: ServerCommand, cwd: string): Promise<Server> {
  const child = spawn(process.execPath, [command.script], {
    cwd,
    env: { ...process.env, NODE_ENV: 'production', PORT: '0', ...command.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const log: string[] = []
  return new Promise((resolve, reject) => {
    let settled = false
    const fail = (message: string) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      void stop(child)
      reject(new Error(`${command.script}: ${message}\n${log.join('\n')}`))
    }
    const timer = setTimeout(() => fail('did not start listening in time'), START_TIMEOUT_MS)
    const collect = (data: Buffer) => {
      for (const line of data.toString().split('\n')) {
        if (!line) continue
        log.push(line)
        if (log.length > LOG_LINES) log.shift()
        const url = LISTENING.exec(line)?.[1]
        if (url && !settled) {
          settled = true
          clearTimeout(timer)
          resolve({ url, pid: child.pid!, log, stop: () => stop(child) })
        }
      }
    }
    child.stdout!.on('data', collect)
    child.stderr!.on('data', collect)
    child.on('error', (error) => fail(error.message))
    child.on('exit', (code, signal) => fail(`exited (${signal ?? code}) before listening`))
  })
}

/**
 * A process and all its descendants (a cluster's primary and its workers), from /proc (Linux).
 * A process that exits meanwhile is left out.
 */
export function processTree(pid: number): number[] {
  const tree = [pid]
  for (let i = 0; i < tree.length; i++) {
    try {
      const children = readFileSync(`/proc/${tree[i]}/task/${tree[i]}/children`, 'utf8')
      tree.push(...children.split(' ').filter(Boolean).map(Number))
    } catch {
      // It exited: no children to read.
    }
  }
  return tree
}

/**
 * A /proc file of `member`, a process of `pid`'s tree. A descendant that exited since the tree
 * was read is left out (undefined); the process itself gone is the run's failure, said plainly.
 */
function procFile(pid: number, member: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${member}/${file}`, 'utf8')
  } catch (error) {
    if (member !== pid) return undefined
    throw new Error(`The server (process ${pid}) exited during the measurement.`, { cause: error })
  }
}

/** Resident memory of a process and its descendants (summed), from /proc (Linux). */
export function rssKiB(pid: number): number {
  let total = 0
  for (const member of processTree(pid)) {
    const status = procFile(pid, member, 'status')
    if (status === undefined) continue
    const kib = /^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]
    if (!kib) throw new Error(`No VmRSS for process ${member}`)
    total += Number(kib)
  }
  return total
}

const CLOCK_TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100

/**
 * CPU time a process and its descendants (all their threads) have used so far, user and system,
 * from /proc (Linux): a cluster's workers count with their primary.
 */
export function cpuMs(pid: number): number {
  let ticks = 0
  for (const member of processTree(pid)) {
    const stat = procFile(pid, member, 'stat')
    if (stat === undefined) continue
    // Fields after the command name (which may hold spaces): state is the 1st, utime the 12th.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    ticks += Number(fields[11]) + Number(fields[12])
  }
  return (ticks * 1000) / CLOCK_TICKS_PER_SECOND
}

/** Runs `node <script> ...args` to completion; its output is returned, or thrown with the error. */
export async function runNode(script: string, args: string[], cwd: string, env = {}) {
  try {
    return await run(process.execPath, [script, ...args], {
      cwd,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
      // A build or an autocannon run stuck this long fails the bench instead of hanging it.
      timeout: RUN_TIMEOUT_MS,
    })
  } catch (error) {
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string }
    throw new Error(`node ${script} ${args.join(' ')} failed:\n${stdout}\n${stderr}`)
  }
}
