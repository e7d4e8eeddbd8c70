// What the bench measures of one server: an answer's bytes and rows, the client JavaScript a page
// loads, throughput under load (autocannon, in its own process), time to first byte, and cold start.
// Every request carries the visitor cookie, which only the cookie-hole pages read.
import { Agent, type ClientRequest, get as httpGet, type IncomingHttpHeaders } from 'node:http'
import { createRequire } from 'node:module'
import { performance } from 'node:perf_hooks'
import { gzipSync } from 'node:zlib'
import { ROW_COUNT, VISITOR_COOKIE } from '../../src/routes/bench/_table.tsx'
import { cpuMs, runNode, type ServerCommand, startServer } from './processes.ts'

export { ROW_COUNT }

/** The visitor's name in its cookie: the cookie-hole pages show it. */
export const VISITOR = 'bench'
/** A server silent this long on one request is stuck: the bench fails, naming the URL, rather than hang. */
const ANSWER_TIMEOUT_MS = 30_000
const COOKIE = `${VISITOR_COOKIE}=${VISITOR}`

const AUTOCANNON = createRequire(import.meta.url).resolve('autocannon/autocannon.js')

export interface Answer {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** Fails `request` once its connection has been silent for ANSWER_TIMEOUT_MS, naming the URL. */
function failWhenSilent(request: ClientRequest, url: string): ClientRequest {
  request.setTimeout(ANSWER_TIMEOUT_MS, () =>
    request.destroy(new Error(`${url} sent nothing for ${ANSWER_TIMEOUT_MS / 1000} s`)),
  )
  return request
}

/** A GET on a connection of its own, with no Accept-Encoding: the bytes as the server made them. */
export function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = httpGet(url, { agent: false, headers: { cookie: COOKIE } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
      res.on('error', reject)
    })
    failWhenSilent(request, url).on('error', reject)
  })
}

export const gzipBytes = (bytes: Uint8Array): number => gzipSync(bytes).length

/**
 * Table rows in an answer: `<tr><td>` in HTML markup (the inlined payload escapes `<`, so its
 * copy of the rows is not counted), `["$","tr",key,` rows in an RSC payload.
 */
export function countRows(body: Buffer, kind: 'html' | 'payload'): number {
  const pattern = kind === 'html' ? /<tr><td>\d+<\/td>/g : /\["\$","tr","\d+",/g
  return body.toString().match(pattern)?.length ?? 0
}

export interface Asset {
  path: string
  bytes: number
  gzipBytes: number
}

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
}

/** The scripts and module preloads of an HTML document (same-origin paths). */
export function scriptReferences(html: string): string[] {
  const paths: string[] = []
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/g)) {
    const path = tag.startsWith('<script')
      ? attribute(tag, 'src')
      : attribute(tag, 'rel') === 'modulepreload'
        ? attribute(tag, 'href')
        : undefined
    if (path?.startsWith('/')) paths.push(path)
  }
  return paths
}

/** Relative static imports of an ES module (`import "x"`, `from "x"`; not `import("x")`). */
export function staticImports(code: string): string[] {
  const specifiers: string[] = []
  for (const match of code.matchAll(/(?:\bimport|\bfrom)\s*["']((?:\.\.?\/|\/)[^"']+)["']/g)) {
    specifiers.push(match[1]!)
  }
  return specifiers
}

/** Every script and module preload the page references, with their static imports, fetched. */
export async function clientJavaScript(origin: string, html: string): Promise<Asset[]> {
  const queue = scriptReferences(html)
  const seen = new Set<string>()
  const assets: Asset[] = []
  for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
    if (seen.has(path)) continue
    seen.add(path)
    const { status, body } = await get(origin + path)
    if (status !== 200) throw new Error(`${origin}${path} answered ${status}`)
    assets.push({ path, bytes: body.length, gzipBytes: gzipBytes(body) })
    for (const specifier of staticImports(body.toString())) {
      queue.push(new URL(specifier, origin + path).pathname)
    }
  }
  return assets
}

export interface LoadSample {
  rps: number
  p50Ms: number
  p99Ms: number
  /** Answers completed. */
  requests: number
  /** Requests sent: the completed ones and those in flight when autocannon stopped. */
  sent: number
  /** CPU time the server process used during the run. */
  serverCpuMs: number
  /** Answers that were not 2xx, connection errors and timeouts: all must be 0. */
  failures: number
}

interface AutocannonResult {
  duration: number
  requests: { total: number; sent: number }
  latency: { p50: number; p99: number }
  non2xx: number
  errors: number
  timeouts: number
}

/**
 * autocannon in a child process: `connections` keep-alive connections for `seconds`, while the
 * CPU time of the server (process `pid`) is counted.
 */
export async function load(url: string, seconds: number, connections: number, pid: number) {
  const args = ['-c', String(connections), '-d', String(seconds), '-H', `cookie:${COOKIE}`]
  args.push('-j', '-n', url)
  const cpuBefore = cpuMs(pid)
  const { stdout } = await runNode(AUTOCANNON, args, process.cwd())
  const serverCpuMs = cpuMs(pid) - cpuBefore
  const result = JSON.parse(stdout) as AutocannonResult
  return {
    rps: result.requests.total / result.duration,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    sent: result.requests.sent,
    serverCpuMs,
    failures: result.non2xx + result.errors + result.timeouts,
  } satisfies LoadSample
}

/** Milliseconds from sending a GET on `agent`'s connection to the first byte of its body; the rest is read. */
function firstByte(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const start = performance.now()
    const request = httpGet(url, { agent, headers: { cookie: COOKIE } }, (res) => {
      let firstMs: number | undefined
      res.on('data', () => {
        firstMs ??= performance.now() - start
      })
      res.on('end', () =>
        res.statusCode === 200 && firstMs !== undefined
          ? resolve(firstMs)
          : reject(new Error(`${url} answered ${res.statusCode} to a first-byte sample`)),
      )
      res.on('error', reject)
    })
    failWhenSilent(request, url).on('error', reject)
  })
}

/**
 * Time to first byte of `count` GETs sent one after another on one keep-alive connection, the
 * server otherwise idle: what one visitor waits before the page starts to arrive, without the
 * queueing that load adds (that is in the load run's latency).
 */
export async function firstByteTimes(url: string, count: number): Promise<number[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const times: number[] = []
    for (let i = 0; i < count; i++) times.push(await firstByte(url, agent))
    return times
  } finally {
    agent.destroy()
  }
}

/** Milliseconds from spawning the server to the end of its first 200 answer for `path`. */
export async function coldStart(command: ServerCommand, cwd: string, path: string) {
  const start = performance.now()
  const server = await startServer(command, cwd)
  try {
    const { status } = await get(server.url + path)
    if (status !== 200) throw new Error(`${command.script}: first answer to ${path} was ${status}`)
    return performance.now() - start
  } finally {
    await server.stop()
  }
}
