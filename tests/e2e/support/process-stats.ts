// What the kernel says about a running server (Linux /proc): its resident memory and its open
// file descriptors. The load and disconnect tests watch these from outside the process, so the
// server needs no test-only endpoint.
import { readdirSync, readFileSync, readlinkSync } from 'node:fs'

/** Resident set size (VmRSS) of `pid`, in KiB. */
export function rssKiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status)
  if (!match) throw new Error(`No VmRSS line in /proc/${pid}/status`)
  return Number(match[1])
}

export interface OpenFiles {
  /** Every open file descriptor. */
  total: number
  /** Those that are sockets (the listening one, client connections, IPC). */
  sockets: number
}

export function openFiles(pid: number): OpenFiles {
  let total = 0
  let sockets = 0
  for (const fd of readdirSync(`/proc/${pid}/fd`)) {
    let target: string
    try {
      target = readlinkSync(`/proc/${pid}/fd/${fd}`)
    } catch {
      continue // closed between the listing and the read
    }
    total++
    if (target.startsWith('socket:')) sockets++
  }
  return { total, sockets }
}

/**
 * Polls `check` until it returns a value that is not `undefined`, and resolves with it. Rejects
 * after `timeoutMs` with `describe()` in the message (what was last seen), so a test waits on a
 * condition, never for a fixed time.
 */
export async function waitFor<T>(
  check: () => T | undefined | Promise<T | undefined>,
  options: { timeoutMs?: number; intervalMs?: number; describe?: () => string } = {},
): Promise<T> {
  const { timeoutMs = 15_000, intervalMs = 50 } = options
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) {
      throw new Error(
        `Condition not met within ${timeoutMs} ms${options.describe ? `: ${options.describe()}` : ''}`,
      )
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** Runs `task` for every item with at most `concurrency` running at once; results in order. */
export async function mapConcurrently<T, R>(
  items: readonly T[],
  concurrency: number,
  task: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await task(items[index]!, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker))
  return results
}
