// The long forms of the load tests (issue 7 items 1 and 2), run by `npm run test:load` after a
// build: a minute of mixed load against the production server, and a thousand clients that
// disconnect mid-stream. Each prints its figures. The short forms run in `npm test`
// (tests/e2e/load.test.ts, tests/e2e/disconnects.test.ts) with the same code and checks.
import { expect, test } from 'vitest'
import { encodeArguments, serverFunctionId } from '../e2e/support/client-calls.ts'
import {
  FILE_TOLERANCE,
  formatDisconnectReport,
  formatLoadReport,
  getChunks,
  mixedRequests,
  runDisconnectScenario,
  runLoad,
  STATS_TEXT,
  startProductionServer,
} from '../e2e/support/index.ts'

test('a minute of mixed load: expected statuses only, memory flat', async () => {
  const server = await startProductionServer()
  try {
    const like = {
      id: serverFunctionId('likeNoteAction'),
      body: String(await encodeArguments(['3'])),
    }
    const requests = mixedRequests(like)
    const report = await runLoad({
      origin: server.url,
      pid: server.process.pid,
      requests,
      concurrency: Number(process.env.LOAD_CONCURRENCY ?? 16),
      warmupMs: 5_000,
      durationMs: Number(process.env.LOAD_SECONDS ?? 60) * 1000,
    })
    const figures = formatLoadReport(report)
    console.log(figures)
    expect(report.unexpected, figures).toBe(0)
    for (const { kind } of requests)
      expect(report.kinds[kind]?.expected, figures).toBeGreaterThan(0)
    expect(report.rssGrowthPercent, figures).toBeLessThanOrEqual(10)
    expect((await fetch(`${server.url}/notes/3`)).status).toBe(200)
  } finally {
    await server.stop()
  }
}, 180_000)

test('1,000 clients cut mid-stream: every render aborts, no handle leaks, the server keeps answering', async () => {
  const server = await startProductionServer()
  try {
    const count = Number(process.env.DISCONNECTS ?? 1000)
    const report = await runDisconnectScenario(server, { count, concurrency: 20 })
    const figures = formatDisconnectReport(report)
    console.log(figures)
    expect(report.failures, figures).toEqual([])
    expect(report.midStream, figures).toBe(count)
    expect(report.rendersAborted, figures).toBeGreaterThanOrEqual(count)
    expect(report.filesAfter.total, figures).toBeLessThanOrEqual(
      report.filesBefore.total + FILE_TOLERANCE,
    )
    expect(report.filesAfter.sockets, figures).toBeLessThanOrEqual(report.filesBefore.sockets)
    const stats = await getChunks(`${server.url}/stats`, { accept: 'text/html' })
    expect(stats.status).toBe(200)
    expect(stats.body.replaceAll('<!-- -->', '')).toContain(STATS_TEXT)
  } finally {
    await server.stop()
  }
}, 300_000)
