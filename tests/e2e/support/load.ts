// Load against the production server (docs/security.md), shared by the short forms in the
// end-to-end tests and the long forms behind `npm run test:load` (tests/load/):
// - a mixed load: every kind of request the app answers, each with the one status it must get,
//   from a fixed number of keep-alive clients as fast as the server answers, for a fixed time,
//   with the server's memory (RSS) sampled throughout;
// - a flood of clients that disconnect mid-stream, in bounded concurrency.
import { Agent, type IncomingMessage, request } from 'node:http'
import { HEADER_ACTION_ID } from '../../../src/framework/wire/protocol.ts'
import { type OpenFiles, openFiles, rssKiB, waitFor } from './process-stats.ts'
import type { RunningServer } from './servers.ts'

export interface LoadRequest {
  /** What the request stands for, e.g. "document" or "redirect". */
  kind: string
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
  /** The only status this request may get. */
  expect: number
  /** How many times it appears in one round of the mix. Default 1. */
  weight?: number
}

/**
 * The mix: documents, navigation payloads, server function calls (like note 3: the real id,
 * the arguments as the browser encodes them), 404s, 401/403, redirects, and a route that throws.
 */
export function mixedRequests(like: { id: string; body: string }): LoadRequest[] {
  const html = { accept: 'text/html', 'accept-encoding': 'gzip' }
  const rsc = { accept: 'text/x-component', 'accept-encoding': 'gzip' }
  /** GETs of one kind; one that expects another status than 200 is counted under that status. */
  const gets =
    (kind: string, headers: Record<string, string>) =>
    (path: string, expect = 200, weight = 1): LoadRequest => ({
      kind: expect === 200 ? kind : String(expect),
      method: 'GET',
      path,
      headers,
      expect,
      weight,
    })
  const document = gets('document', html)
  const payload = gets('payload', rsc)
  return [
    document('/', 200, 2),
    document('/notes', 200, 2),
    document('/notes/3', 200, 2),
    document('/about'),
    document('/tags/garden'),
    document('/docs/getting-started'),
    payload('/notes_.rsc', 200, 2),
    payload('/notes/3_.rsc', 200, 2),
    payload('/about_.rsc'),
    payload('/tags/garden_.rsc'),
    {
      kind: 'server function',
      method: 'POST',
      path: '/notes/3_.rsc',
      headers: {
        [HEADER_ACTION_ID]: like.id,
        accept: 'text/x-component',
        'content-type': 'text/plain;charset=UTF-8',
      },
      body: like.body,
      expect: 200,
      weight: 2,
    },
    document('/no/such/page', 404),
    document('/notes/9999', 404),
    payload('/no/such/page_.rsc', 404),
    document('/account', 401),
    document('/admin', 401),
    // A payload answers 200 for a page whatever it throws: the screen is in the stream.
    payload('/account_.rsc'),
    document('/lab/interrupt/forbidden', 403),
    document('/n/3', 308),
    document('/lab/interrupt/redirect', 307),
    document('/lab/global/server', 500),
  ]
}

export interface RssSample {
  /** Milliseconds since the measured run started. */
  atMs: number
  rssKiB: number
}

export interface Unexpected {
  kind: string
  method: string
  path: string
  /** The status received, or the error's message when there was no response. */
  got: number | string
  expected: number
}

export interface KindTally {
  requests: number
  expected: number
  /** Sum and maximum of the response times (until the whole body arrived), in ms. */
  totalMs: number
  maxMs: number
}

export interface LoadReport {
  durationMs: number
  concurrency: number
  requests: number
  /** Requests per second over the measured run. */
  rate: number
  statuses: Record<string, number>
  /** Requests per kind, how many of them got their expected status, and their latencies. */
  kinds: Record<string, KindTally>
  unexpected: number
  /** The first few unexpected answers, for the failure message. */
  unexpectedExamples: Unexpected[]
  /** Requests per kind during the warm-up (not counted above). */
  warmupKinds: Record<string, KindTally>
  rss: RssSample[]
  /** Mean RSS (KiB) of each third of the run. */
  rssThirds: [number, number, number]
  /** How much the last third's mean exceeds the second third's, in percent (negative: less). */
  rssGrowthPercent: number
}

export interface LoadOptions {
  origin: string
  pid: number
  requests: LoadRequest[]
  durationMs: number
  /** Keep-alive clients sending one request after another. */
  concurrency: number
  /** Load before the measured run, so that code is compiled and caches are filled. */
  warmupMs?: number
  rssIntervalMs?: number
}

interface Answer {
  status: number
}

function send(agent: Agent, origin: string, item: LoadRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(item.path, origin)
    const headers: Record<string, string> = { origin, ...item.headers }
    if (item.body !== undefined) headers['content-length'] = String(Buffer.byteLength(item.body))
    const req = request(url, { method: item.method, agent, headers }, (res: IncomingMessage) => {
      res.on('error', reject)
      res.on('end', () => resolve({ status: res.statusCode ?? 0 }))
      res.resume() // read (and drop) the whole body: the server renders all of it
    })
    req.on('error', reject)
    req.end(item.body)
  })
}

function weighted(requests: LoadRequest[]): LoadRequest[] {
  return requests.flatMap((item) => Array<LoadRequest>(item.weight ?? 1).fill(item))
}

async function drive(
  options: LoadOptions,
  durationMs: number,
  record: (item: LoadRequest, got: number | string, ms: number) => void,
): Promise<void> {
  const agent = new Agent({ keepAlive: true, maxSockets: options.concurrency })
  const round = weighted(options.requests)
  const end = Date.now() + durationMs
  const client = async (index: number) => {
    // Each client walks the mix from its own offset, so every kind is in flight at once.
    for (let i = index; Date.now() < end; i++) {
      const item = round[i % round.length]!
      const start = performance.now()
      let got: number | string
      try {
        got = (await send(agent, options.origin, item)).status
      } catch (error) {
        got = error instanceof Error ? error.message : String(error)
      }
      record(item, got, performance.now() - start)
    }
  }
  try {
    await Promise.all(Array.from({ length: options.concurrency }, (_, i) => client(i)))
  } finally {
    agent.destroy()
  }
}

/** Counts one answer; true when it had the expected status. */
function tally(
  kinds: Record<string, KindTally>,
  item: LoadRequest,
  got: number | string,
  ms: number,
): boolean {
  const kind = kinds[item.kind] ?? { requests: 0, expected: 0, totalMs: 0, maxMs: 0 }
  kinds[item.kind] = kind
  kind.requests++
  kind.totalMs += ms
  kind.maxMs = Math.max(kind.maxMs, ms)
  if (got !== item.expect) return false
  kind.expected++
  return true
}

function mean(values: number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1)
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const { durationMs, concurrency } = options
  const warmupKinds: LoadReport['kinds'] = {}
  if (options.warmupMs) {
    await drive(options, options.warmupMs, (item, got, ms) => tally(warmupKinds, item, got, ms))
  }

  const statuses: Record<string, number> = {}
  const kinds: LoadReport['kinds'] = {}
  const examples: Unexpected[] = []
  let requests = 0
  let unexpected = 0
  const record = (item: LoadRequest, got: number | string, ms: number) => {
    requests++
    statuses[String(got)] = (statuses[String(got)] ?? 0) + 1
    if (!tally(kinds, item, got, ms)) {
      unexpected++
      if (examples.length < 10) {
        examples.push({ ...item, got, expected: item.expect })
      }
    }
  }

  const rss: RssSample[] = []
  const started = Date.now()
  const sample = () => rss.push({ atMs: Date.now() - started, rssKiB: rssKiB(options.pid) })
  sample()
  const sampler = setInterval(sample, options.rssIntervalMs ?? 250)
  try {
    await drive(options, durationMs, record)
  } finally {
    clearInterval(sampler)
  }
  const elapsed = Date.now() - started
  sample()

  const third = (n: number) =>
    mean(
      rss
        .filter((s) => s.atMs >= (elapsed * n) / 3 && s.atMs <= (elapsed * (n + 1)) / 3)
        .map((s) => s.rssKiB),
    )
  const rssThirds: [number, number, number] = [third(0), third(1), third(2)]
  return {
    durationMs: elapsed,
    concurrency,
    requests,
    rate: requests / (elapsed / 1000),
    statuses,
    kinds,
    unexpected,
    unexpectedExamples: examples.map(({ kind, method, path, got, expected }) => ({
      kind,
      method,
      path,
      got,
      expected,
    })),
    warmupKinds,
    rss,
    rssThirds,
    rssGrowthPercent: (rssThirds[2] / rssThirds[1] - 1) * 100,
  }
}

const mib = (kib: number) => (kib / 1024).toFixed(1)

/** The figures, as printed by `npm run test:load` and kept in failure messages. */
export function formatLoadReport(report: LoadReport, rssEveryMs = 1000): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')
  const kinds = Object.entries(report.kinds)
    .map(
      ([kind, { requests, expected, totalMs, maxMs }]) =>
        `${kind} ${expected}/${requests} (mean ${(totalMs / requests).toFixed(0)} ms, max ${maxMs.toFixed(0)} ms)`,
    )
    .join(', ')
  // One sample per `rssEveryMs`, so a minute of samples fits a few lines.
  const series: string[] = []
  let nextAt = 0
  for (const sample of report.rss) {
    if (sample.atMs < nextAt) continue
    series.push(mib(sample.rssKiB))
    nextAt = sample.atMs + rssEveryMs
  }
  const [first, second, last] = report.rssThirds
  return [
    `mixed load: ${(report.durationMs / 1000).toFixed(1)} s, ${report.concurrency} keep-alive clients`,
    `requests: ${report.requests} (${report.rate.toFixed(1)}/s)`,
    `statuses: ${statuses}`,
    `kinds (expected status/requests, response times): ${kinds}`,
    `unexpected statuses: ${report.unexpected}${report.unexpected ? ` e.g. ${JSON.stringify(report.unexpectedExamples)}` : ''}`,
    `server RSS (MiB, every ${rssEveryMs / 1000} s): ${series.join(' ')}`,
    `server RSS mean by third (MiB): ${mib(first)}, ${mib(second)}, ${mib(last)} (last vs second: ${report.rssGrowthPercent >= 0 ? '+' : ''}${report.rssGrowthPercent.toFixed(1)}%)`,
  ].join('\n')
}

export interface DisconnectTarget {
  /** "document" or "payload". */
  kind: string
  path: string
  headers?: Record<string, string>
  /** Text of the response's last part: a cut before it arrives is a cut mid-stream. */
  end: string
}

/** Documents that stream slow (or never-ending) Suspense content, and a streaming payload. */
export const DISCONNECT_TARGETS: DisconnectTarget[] = [
  { kind: 'document', path: '/stats', headers: { accept: 'text/html' }, end: '</body>' },
  { kind: 'document', path: '/lab/never', headers: { accept: 'text/html' }, end: '</body>' },
  {
    kind: 'payload',
    path: '/stats_.rsc',
    headers: { accept: 'text/x-component' },
    end: '"data-testid":"stats"',
  },
]

export interface DisconnectReport {
  requests: number
  /**
   * Requests whose response had started (status and a first body chunk) but not finished
   * (its last part had not arrived) when they were cut.
   */
  midStream: number
  statuses: Record<string, number>
  /** Requests that were not cut mid-stream (failed, or their end had arrived), with why. */
  failures: string[]
}

/**
 * Opens the request, waits for its status and first body chunk, then destroys the connection
 * before the rest arrives: a client that goes away mid-stream. Resolves with the status, and
 * whether the response's last part was still to come.
 */
function disconnectMidStream(
  origin: string,
  target: DisconnectTarget,
): Promise<{ status: number; midStream: boolean }> {
  return new Promise((resolve, reject) => {
    const req = request(new URL(target.path, origin), {
      agent: false,
      headers: target.headers,
    })
    req.on('response', (res) => {
      res.once('data', (chunk: Buffer) => {
        req.destroy()
        resolve({ status: res.statusCode ?? 0, midStream: !chunk.toString().includes(target.end) })
      })
      res.on('end', () => reject(new Error(`${target.path} ended before it was cut`)))
    })
    req.on('error', (error) => reject(error))
    req.end()
  })
}

export async function runDisconnects(options: {
  origin: string
  count: number
  concurrency: number
  targets?: DisconnectTarget[]
}): Promise<DisconnectReport> {
  const targets = options.targets ?? DISCONNECT_TARGETS
  const report: DisconnectReport = { requests: 0, midStream: 0, statuses: {}, failures: [] }
  let next = 0
  const client = async () => {
    while (next < options.count) {
      const target = targets[next++ % targets.length]!
      report.requests++
      try {
        const { status, midStream } = await disconnectMidStream(options.origin, target)
        if (midStream) report.midStream++
        else if (report.failures.length < 10) report.failures.push(`${target.path}: cut too late`)
        report.statuses[status] = (report.statuses[status] ?? 0) + 1
      } catch (error) {
        if (report.failures.length < 10) report.failures.push(String(error))
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, client))
  return report
}

export interface DisconnectScenarioReport extends DisconnectReport {
  /** Open files of the server when idle before the flood, and once they settled after it. */
  filesBefore: OpenFiles
  filesAfter: OpenFiles
  /** `[render aborted]` log lines the flood caused. */
  rendersAborted: number
  /** `[server error]` log lines the flood caused. */
  serverErrors: number
}

/** Allowed growth of the server's open files after a flood (lazily opened, then kept, files). */
export const FILE_TOLERANCE = 3

const ABORT_LINE = /^\[render aborted\] GET /
const SERVER_ERROR_LINE = /^\[server error\]/

/**
 * Cuts `count` streaming requests mid-stream (`concurrency` at a time) and measures the server
 * before and after: its open files once idle, and the log lines that show each render aborted.
 * Every wait is on a condition (with a deadline), never for a fixed time.
 */
export async function runDisconnectScenario(
  server: RunningServer,
  options: { count: number; concurrency: number },
): Promise<DisconnectScenarioReport> {
  const { pid, output } = server.process
  const countLines = (pattern: RegExp, from: number) =>
    output.slice(from).filter((line) => pattern.test(line.text)).length
  const atStart = openFiles(pid)
  // Warm up: every target once whole and cut a few times, so whatever the server opens lazily
  // is open before the measurement.
  // (/lab/never cannot be read whole; its document is rendered like /notes's, minus the end.)
  for (const path of ['/stats', '/stats_.rsc', '/notes']) {
    await new Promise<void>((resolve, reject) => {
      request(new URL(path, server.url), { agent: false })
        .on('response', (res) => res.resume().on('end', resolve))
        .on('error', reject)
        .end()
    })
  }
  const warmupLines = output.length
  await runDisconnects({ origin: server.url, count: 6, concurrency: 3 })
  await waitFor(() => (countLines(ABORT_LINE, warmupLines) >= 6 ? true : undefined), {
    describe: () => `${countLines(ABORT_LINE, warmupLines)} of 6 warm-up renders aborted`,
  })
  // Idle: the server holds no more sockets than when it started (all connections closed).
  const filesBefore = await waitFor(
    () => {
      const files = openFiles(pid)
      return files.sockets <= atStart.sockets ? files : undefined
    },
    { describe: () => `sockets ${JSON.stringify(openFiles(pid))}, at start ${atStart.sockets}` },
  )

  const floodLines = output.length
  const report = await runDisconnects({ origin: server.url, ...options })
  // Each cut request aborted its render (nothing keeps running for a client that left)...
  await waitFor(() => (countLines(ABORT_LINE, floodLines) >= report.midStream ? true : undefined), {
    timeoutMs: 30_000,
    describe: () =>
      `${countLines(ABORT_LINE, floodLines)} of ${report.midStream} renders aborted so far`,
  })
  // ...and its connection and everything else it held were released.
  let last = openFiles(pid)
  const filesAfter = await waitFor(
    () => {
      last = openFiles(pid)
      return last.total <= filesBefore.total + FILE_TOLERANCE && last.sockets <= filesBefore.sockets
        ? last
        : undefined
    },
    {
      timeoutMs: 30_000,
      describe: () => `open files ${JSON.stringify(last)}, before ${JSON.stringify(filesBefore)}`,
    },
  ).catch(() => last)
  return {
    ...report,
    filesBefore,
    filesAfter,
    rendersAborted: countLines(ABORT_LINE, floodLines),
    serverErrors: countLines(SERVER_ERROR_LINE, floodLines),
  }
}

export function formatDisconnectReport(report: DisconnectScenarioReport): string {
  const statuses = Object.entries(report.statuses)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ')
  return [
    `disconnects: ${report.requests} requests cut, ${report.midStream} of them mid-stream (statuses ${statuses})${report.failures.length ? `; failures: ${report.failures.join('; ')}` : ''}`,
    `renders aborted (log lines): ${report.rendersAborted}; server errors logged: ${report.serverErrors}`,
    `server open files before → after: ${report.filesBefore.total} → ${report.filesAfter.total} (sockets ${report.filesBefore.sockets} → ${report.filesAfter.sockets})`,
  ].join('\n')
}
