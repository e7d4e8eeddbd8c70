// `npm run bench` (bench/README.md): builds the app and the floor, then measures the seven
// contenders in one run, interleaved (a, b, …, g, a, b, …), and reports every figure against
// floor (c). Exits non-zero only when a contender did not answer correctly, never for a target.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, cpus, loadavg } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { readCommit } from './commit.ts'
import { type DevSample, measureDevServer } from './dev-server.ts'
import {
  type Asset,
  clientJavaScript,
  coldStart,
  countRows,
  firstByteTimes,
  get,
  gzipBytes,
  type LoadSample,
  load,
  ROW_COUNT,
  VISITOR,
} from './measure.ts'
import { median, percentile } from './median.ts'
import {
  rssKiB,
  runNode,
  type Server,
  type ServerCommand,
  startServer,
  stopAll,
} from './processes.ts'
import {
  type ContenderId,
  type ContenderResult,
  developmentTarget,
  evaluateTargets,
  type Figures,
  formatDevelopment,
  formatTable,
  formatTargets,
  type Results,
  ratiosAgainst,
  summarizeDevelopment,
} from './report.ts'
import { formatSteadiness, SteadinessProbe } from './steadiness.ts'

const ROOT = fileURLToPath(new URL('../..', import.meta.url))
const CONNECTIONS = 10
const KINDS = ['html', 'payload'] as const
type Kind = (typeof KINDS)[number]

interface Contender {
  id: ContenderId
  label: string
  command: ServerCommand
  page: string
  payload: string
  /** A cookie-hole page: its document and payload must show the visitor named by the cookie. */
  showsVisitor?: true
}

const APP: ServerCommand = { script: 'dist/rsc/server.js', env: {} }
const FLOOR = 'bench/floor/dist/rsc/server.js'
/** Worker processes of contender (e): one per CPU, at least two (docs/deploying.md). */
const WORKERS = Math.max(2, availableParallelism())

const CONTENDERS: Contender[] = [
  {
    id: 'a',
    label: 'framework dynamic',
    command: APP,
    page: '/bench/dynamic',
    payload: '/bench/dynamic_.rsc',
  },
  {
    id: 'b',
    label: 'framework static',
    command: APP,
    page: '/bench/static',
    payload: '/bench/static_.rsc',
  },
  {
    id: 'c',
    label: 'floor Node streams',
    command: { script: FLOOR, env: { FLOOR_STREAMS: 'node' } },
    page: '/bench/dynamic',
    payload: '/bench/dynamic_.rsc',
  },
  {
    id: 'd',
    label: 'floor Web streams',
    command: { script: FLOOR, env: { FLOOR_STREAMS: 'web' } },
    page: '/bench/dynamic',
    payload: '/bench/dynamic_.rsc',
  },
  {
    id: 'e',
    label: `framework dynamic, ${WORKERS} workers`,
    command: { ...APP, env: { WORKERS: String(WORKERS) } },
    page: '/bench/dynamic',
    payload: '/bench/dynamic_.rsc',
  },
  {
    id: 'f',
    label: 'framework PPR, cookie hole',
    command: APP,
    page: '/bench/ppr',
    payload: '/bench/ppr_.rsc',
    showsVisitor: true,
  },
  {
    id: 'g',
    label: 'framework dynamic, cookie hole',
    command: APP,
    page: '/bench/ppr-dynamic',
    payload: '/bench/ppr-dynamic_.rsc',
    showsVisitor: true,
  },
]

function options(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      quick: { type: 'boolean', default: false },
      'no-build': { type: 'boolean', default: false },
      out: { type: 'string', default: 'bench/results.json' },
      rounds: { type: 'string' },
      seconds: { type: 'string' },
    },
  })
  const quick = values.quick
  return {
    mode: quick ? ('quick' as const) : ('full' as const),
    build: !values['no-build'],
    out: resolve(ROOT, values.out),
    rounds: Number(values.rounds ?? (quick ? 1 : 5)),
    seconds: Number(values.seconds ?? (quick ? 1 : 5)),
    /**
     * Quick runs only show that everything answers, but still warm up for a second: a process
     * that has not rendered yet (the cluster's second worker) may not finish a request within
     * one timed second on a busy machine, and a figure of 0 says nothing.
     */
    warmupSeconds: quick ? 1 : 3,
    coldStarts: quick ? 1 : 5,
    /** Fresh `npm run dev` starts, each in a new copy of the app. */
    devStarts: quick ? 1 : 3,
    /** Timings of the machine's own speed, before the cold starts and each server's rounds. */
    steadinessSamples: quick ? 1 : 3,
    /** Sequential GETs of the document timed to their first byte, per server and round. */
    firstByteSamples: quick ? 10 : 40,
  }
}

async function build(label: string, args: string[]) {
  const started = Date.now()
  const vite = resolve(
    dirname(createRequire(import.meta.url).resolve('vite/package.json')),
    'bin/vite.js',
  )
  // Production builds whatever the caller's NODE_ENV (Vitest sets `test`).
  await runNode(vite, ['build', ...args], ROOT, { NODE_ENV: 'production' })
  const ms = Date.now() - started
  console.log(`built ${label} in ${(ms / 1000).toFixed(1)} s`)
  return ms
}

interface Answered {
  status: number
  rows: number
  /** The visitor's line, with the cookie's value, is in the answer. */
  visitor: boolean
  bytes: number
  gzipBytes: number
}

interface Measured {
  html: Answered
  payload: Answered
  clientJs: Asset[]
}

/** The cookie-hole pages' line for the visitor (src/routes/bench/_visitor.tsx). */
const VISITOR_LINE = `Visitor: ${VISITOR}`

/** One answer of each kind, checked for the table's rows, and the page's client JavaScript. */
async function inspect(server: Server, contender: Contender): Promise<Measured> {
  const html = await get(server.url + contender.page)
  const payload = await get(server.url + contender.payload)
  const describe = (answer: typeof html, kind: 'html' | 'payload') => ({
    status: answer.status,
    rows: countRows(answer.body, kind),
    visitor: answer.body.includes(VISITOR_LINE),
    bytes: answer.body.length,
    gzipBytes: gzipBytes(answer.body),
  })
  const clientJs =
    html.status === 200 ? await clientJavaScript(server.url, html.body.toString()) : []
  return { html: describe(html, 'html'), payload: describe(payload, 'payload'), clientJs }
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0)

/** Server CPU time per request over all the rounds (in-flight requests at each stop included). */
const cpuPerRequest = (samples: LoadSample[]) =>
  sum(samples.map((s) => s.serverCpuMs)) / sum(samples.map((s) => s.sent))

export async function main(argv: string[]): Promise<number> {
  const settings = options(argv)
  const loadAverageBefore = loadavg()
  const steadiness = new SteadinessProbe()
  process.once('SIGINT', () => void stopAll().then(() => process.exit(130)))
  try {
    const appBuildMs = settings.build ? await build('the app', []) : null
    if (!settings.build && !existsSync(resolve(ROOT, APP.script))) {
      throw new Error(`--no-build: ${APP.script} is missing, run \`npm run build\` first.`)
    }
    await build('the floor', ['-c', 'bench/floor/vite.config.ts'])

    await steadiness.sample(settings.steadinessSamples)
    console.log('timing the dev server from a fresh copy of the app')
    const devSamples: DevSample[] = []
    for (let i = 0; i < settings.devStarts; i++) devSamples.push(await measureDevServer())
    const development = summarizeDevelopment(devSamples, appBuildMs)
    console.log(`dev server starts: ${settings.devStarts}`)

    await steadiness.sample(settings.steadinessSamples)
    const coldStarts = new Map<ContenderId, number[]>(CONTENDERS.map((c) => [c.id, []]))
    for (let i = 0; i < settings.coldStarts; i++) {
      for (const contender of CONTENDERS) {
        coldStarts.get(contender.id)!.push(await coldStart(contender.command, ROOT, contender.page))
      }
    }
    console.log(`cold starts: ${settings.coldStarts} per contender`)

    // A fresh process of each contender per round: how much a process spends on its minor
    // garbage collections is settled early in its life and differs from one process to the next
    // (by about ±10% of its CPU on Node 20, up to 1.5x on Node 24, measured over fresh processes
    // of one build), so the median of the rounds is that of several processes, not the luck of one.
    const inspected = new Map<ContenderId, Measured>()
    const samples = new Map(
      CONTENDERS.map((c) => [
        c.id,
        { html: [] as LoadSample[], payload: [] as LoadSample[], firstByteMs: [] as number[] },
      ]),
    )
    const failures = new Map<ContenderId, number>(CONTENDERS.map((c) => [c.id, 0]))
    const rss = new Map<ContenderId, number>()
    const measure = async (server: Server, contender: Contender, kind: Kind, seconds: number) => {
      const url = server.url + (kind === 'html' ? contender.page : contender.payload)
      const sample = await load(url, seconds, CONNECTIONS, server.pid)
      failures.set(contender.id, failures.get(contender.id)! + sample.failures)
      return sample
    }
    for (let round = 1; round <= settings.rounds; round++) {
      const line: Record<Kind, string[]> = { html: [], payload: [] }
      for (const contender of CONTENDERS) {
        await steadiness.sample(settings.steadinessSamples)
        const server = await startServer(contender.command, ROOT)
        if (round === 1) inspected.set(contender.id, await inspect(server, contender))
        if (settings.warmupSeconds) {
          for (const kind of KINDS) await measure(server, contender, kind, settings.warmupSeconds)
        }
        for (const kind of KINDS) {
          const sample = await measure(server, contender, kind, settings.seconds)
          samples.get(contender.id)![kind].push(sample)
          line[kind].push(`(${contender.id}) ${sample.rps.toFixed(0)}`)
        }
        samples
          .get(contender.id)!
          .firstByteMs.push(
            ...(await firstByteTimes(server.url + contender.page, settings.firstByteSamples)),
          )
        if (round === settings.rounds) rss.set(contender.id, rssKiB(server.pid))
        await server.stop()
      }
      for (const kind of KINDS) {
        console.log(
          `round ${round}/${settings.rounds} ${kind.padEnd(7)} req/s: ${line[kind].join('  ')}`,
        )
      }
    }

    const figures = {} as Record<ContenderId, Figures>
    for (const { id } of CONTENDERS) {
      const { html, payload, clientJs } = inspected.get(id)!
      const { html: htmlLoad, payload: payloadLoad, firstByteMs } = samples.get(id)!
      const of = (list: LoadSample[], key: 'rps' | 'p50Ms' | 'p99Ms') =>
        median(list.map((s) => s[key]))
      figures[id] = {
        htmlRps: of(htmlLoad, 'rps'),
        htmlP50Ms: of(htmlLoad, 'p50Ms'),
        htmlP99Ms: of(htmlLoad, 'p99Ms'),
        htmlFirstByteP50Ms: median(firstByteMs),
        htmlFirstByteP99Ms: percentile(firstByteMs, 0.99),
        payloadRps: of(payloadLoad, 'rps'),
        payloadP50Ms: of(payloadLoad, 'p50Ms'),
        payloadP99Ms: of(payloadLoad, 'p99Ms'),
        htmlCpuMs: cpuPerRequest(htmlLoad),
        payloadCpuMs: cpuPerRequest(payloadLoad),
        htmlBytes: html.bytes,
        htmlGzipBytes: html.gzipBytes,
        payloadBytes: payload.bytes,
        payloadGzipBytes: payload.gzipBytes,
        clientJsBytes: sum(clientJs.map((a) => a.bytes)),
        clientJsGzipBytes: sum(clientJs.map((a) => a.gzipBytes)),
        clientJsGzipAdded: 0,
        coldStartMs: median(coldStarts.get(id)!),
        rssAfterLoadMiB: rss.get(id)! / 1024,
      }
    }
    for (const { id } of CONTENDERS) {
      figures[id].clientJsGzipAdded = figures[id].clientJsGzipBytes - figures.c.clientJsGzipBytes
    }

    const contenders: ContenderResult[] = CONTENDERS.map((contender) => {
      const { id, label, page, payload } = contender
      const { html, payload: payloadCheck, clientJs } = inspected.get(id)!
      const checks = {
        html: { status: html.status, rows: html.rows },
        payload: { status: payloadCheck.status, rows: payloadCheck.rows },
        failuresUnderLoad: failures.get(id)!,
        ...(contender.showsVisitor && {
          visitor: { html: html.visitor, payload: payloadCheck.visitor },
        }),
      }
      const answered = (check: { status: number; rows: number }) =>
        check.status === 200 && check.rows === ROW_COUNT
      const visitorShown = !checks.visitor || (checks.visitor.html && checks.visitor.payload)
      return {
        id,
        label,
        page,
        payload,
        ok:
          answered(checks.html) &&
          answered(checks.payload) &&
          visitorShown &&
          checks.failuresUnderLoad === 0,
        checks,
        figures: figures[id],
        ratios: ratiosAgainst(figures[id], figures.c),
        samples: { ...samples.get(id)!, coldStartMs: coldStarts.get(id)! },
        clientJs,
      }
    })
    const results: Results = {
      date: new Date().toISOString(),
      commit: readCommit(ROOT),
      mode: settings.mode,
      settings: {
        rounds: settings.rounds,
        seconds: settings.seconds,
        connections: CONNECTIONS,
        coldStarts: settings.coldStarts,
      },
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model ?? 'unknown',
        node: process.version,
        loadAverageBefore,
        loadAverageAfter: loadavg(),
        steadiness: steadiness.summary(),
      },
      ok: contenders.every((c) => c.ok),
      contenders,
      development,
      targets: [...evaluateTargets(figures), developmentTarget(development)],
    }

    console.log(`\n${formatTable(results)}\n\n${formatDevelopment(development)}\n`)
    console.log(`${formatTargets(results.targets)}\n`)
    if (loadAverageBefore[0]! > cpus().length / 2) {
      console.log(`The machine was busy (load average ${loadAverageBefore[0]}): figures are noisy.`)
    }
    console.log(formatSteadiness(results.machine.steadiness))
    for (const c of contenders.filter((c) => !c.ok)) {
      console.error(`(${c.id}) ${c.label} did not answer correctly: ${JSON.stringify(c.checks)}`)
    }
    mkdirSync(dirname(settings.out), { recursive: true })
    writeFileSync(settings.out, `${JSON.stringify(results, null, 2)}\n`)
    console.log(`results written to ${settings.out}`)
    return results.ok ? 0 : 1
  } catch (error) {
    console.error(error)
    return 1
  } finally {
    await stopAll()
  }
}
