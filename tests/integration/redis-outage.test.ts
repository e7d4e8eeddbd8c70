// `WORKERS=2 npm start` on the production build while its Redis goes away (docs/caching.md, "If
// the store fails"; docs/deploying.md). Killed (kill -9) and restarted from its last dump, Redis
// has lost what was written since: the revalidations asked for meanwhile fail (500) instead of
// answering as if they had been made, and once it is back no worker serves the values they were
// to invalidate. Paused (SIGSTOP), Redis holds every command until its timeout: the workers stop
// asking it after the first timeouts (a circuit breaker, logged) and go on answering, and ask it
// again once it answers (SIGCONT). How fast pages answer meanwhile is for the bench, not here.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { ManagedProcess } from '../e2e/support/process.ts'
import { type RunningServer, startCommand } from '../e2e/support/servers.ts'
import { readData, revalidate, untilEveryWorker } from './support/cluster.ts'
import { type RedisServer, startRedis } from './support/redis.ts'

/** Resolves once `count` lines since `fromLine` match `pattern` (one per worker, say). */
async function linesMatching(
  server: ManagedProcess,
  pattern: RegExp,
  count: number,
  fromLine: number,
  timeoutMs = 30_000,
): Promise<string[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const lines = server.output.slice(fromLine).filter((line) => pattern.test(line.text))
    if (lines.length >= count) return lines.map((line) => line.text)
    if (Date.now() > deadline) {
      throw new Error(`fewer than ${count} lines match ${pattern} in:\n${server.log()}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

let dumpDir: string
let redis: RedisServer
let server: RunningServer

beforeAll(async () => {
  dumpDir = mkdtempSync(join(tmpdir(), 'rsc-redis-dump-'))
  redis = await startRedis({ dir: dumpDir })
  // The lab's revalidation is the admin's, whose session is in the Redis these tests stop: the
  // controls are opened instead, so that a failure can only be the invalidation's.
  server = await startCommand('npm', ['start'], {
    WORKERS: '2',
    REDIS_URL: redis.url,
    LAB_CONTROLS: 'open',
  })
})

afterAll(async () => {
  await server?.stop()
  redis?.process.kill('SIGCONT')
  redis?.stop()
  rmSync(dumpDir, { recursive: true, force: true })
})

test('Redis killed and restarted from its dump: the revalidations asked for meanwhile fail, and no worker serves what they were to invalidate', async () => {
  // Both workers read the stamp from Redis: one computation.
  const before = await untilEveryWorker(() => readData(server.url))
  const old = before[0]!.stamp
  for (const answer of before) expect(answer.stamp).toBe(old)

  const admin = new Redis(redis.url)
  await admin.save() // the dump holds the entry, and no invalidation of it
  admin.disconnect()
  const killed = new Promise((exited) => redis.process.once('exit', exited))
  redis.process.kill('SIGKILL')
  await killed

  for (const attempt of [1, 2]) {
    const answer = await revalidate(server.url, 'tag')
    expect(answer.status, `revalidation ${attempt}: ${answer.body}`).toBe(500)
    // The framework's error path: a digest in the answer, the same digest and why in the log.
    const digest = /Internal Server Error \(digest (\d+)\)/.exec(answer.body)?.[1]
    expect(digest, answer.body).toBeDefined()
    await server.process.waitForLine(new RegExp(`\\[server error\\] digest=${digest}`), 5_000)
  }
  const fromLine = server.process.output.length
  expect(server.process.log()).toMatch(
    /\[cache\] The invalidation of "lab-cluster" could not be recorded in the cache store/,
  )

  redis = await startRedis({ dir: dumpDir, port: redis.port })
  // Each worker, back on Redis, records that what it holds from before is stale.
  await linesMatching(server.process, /\[cache\] Redis at \S+ is back;/, 2, fromLine)
  const after = await untilEveryWorker(() => readData(server.url), { times: 2 })
  for (const answer of after) expect(answer.stamp).not.toBe(old)
  // And they share Redis again: one new value for both.
  const last = after.slice(-2)
  expect(last[0]!.stamp).toBe(last[1]!.stamp)
})

test('Redis paused (SIGSTOP): after the first timeouts the workers stop asking it, pages answer; resumed (SIGCONT): they ask it again', async () => {
  await untilEveryWorker(() => readData(server.url))
  const fromLine = server.process.output.length
  redis.process.kill('SIGSTOP')
  try {
    // The first requests wait for their commands' timeouts; then each worker opens its breaker.
    const opened =
      /\[cache\] Redis at \S+ did not answer 2 commands in a row within 1000 ms: not asking it for 5 s/
    await untilEveryWorker(() => readData(server.url))
    await linesMatching(server.process, opened, 2, fromLine)
    // With the breakers open, every request is answered, its value computed.
    const answers = await untilEveryWorker(() => readData(server.url), { times: 2 })
    expect(answers.length).toBeGreaterThanOrEqual(4)
  } finally {
    redis.process.kill('SIGCONT')
  }
  // Once the pause is over, the next command goes through and closes each breaker, once.
  const closed = /\[cache\] Redis at \S+ answers again: asking it again\./
  const deadline = Date.now() + 30_000
  while (
    server.process.output.slice(fromLine).filter((line) => closed.test(line.text)).length < 2
  ) {
    if (Date.now() > deadline)
      throw new Error(`the breakers did not close:\n${server.process.log()}`)
    await readData(server.url)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  const closes = await linesMatching(server.process, closed, 2, fromLine)
  expect(closes).toHaveLength(2)
  // Each opened once: a command let through while paused reopens a breaker without a new line.
  const opens = await linesMatching(
    server.process,
    /did not answer 2 commands in a row/,
    2,
    fromLine,
  )
  expect(opens).toHaveLength(2)
})
