// The benchmark (bench/README.md) end to end in its short mode: it reuses the
// production build the other end-to-end tests use (--no-build), builds its floor, and measures the
// seven contenders, and starts the dev server once from a fresh copy. Only that every contender answered correctly and that every figure is there
// is checked, never a timing.
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Results } from '../../bench/runner/report.ts'
import { assertBuilt, ROOT_DIR } from './support/index.ts'

const ROWS = 1000
const CONTENDERS = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
/** The cookie-hole pages (partially prerendered, and dynamic): they show the cookie's visitor. */
const COOKIE_HOLE = ['f', 'g']
const FIGURES = [
  'htmlRps',
  'htmlP50Ms',
  'htmlP99Ms',
  'htmlFirstByteP50Ms',
  'htmlFirstByteP99Ms',
  'payloadRps',
  'payloadP50Ms',
  'payloadP99Ms',
  'htmlCpuMs',
  'payloadCpuMs',
  'htmlBytes',
  'htmlGzipBytes',
  'payloadBytes',
  'payloadGzipBytes',
  'clientJsBytes',
  'clientJsGzipBytes',
  'clientJsGzipAdded',
  'coldStartMs',
  'rssAfterLoadMiB',
]
// About 75 s on a quiet machine; a busy one takes up to three times as long.
const BENCH_TIMEOUT_MS = 360_000

let run: { code: number; stdout: string; stderr: string }
let results: Results
// Its own results file: a full run's bench/results.json is left as it was.
const dir = mkdtempSync(join(tmpdir(), 'bench-'))
const out = join(dir, 'results.json')

/**
 * Runs the bench in a process group of its own: past the time limit the whole group (its servers,
 * the dev server, Chromium) is killed, and what it printed so far says where it stood.
 */
function runBench(): Promise<typeof run> {
  return new Promise((resolve) => {
    const child = spawn(
      process.execPath,
      ['bench/run.mjs', '--quick', '--no-build', '--out', out],
      {
        cwd: ROOT_DIR,
        detached: true,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk
    })
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk
    })
    const timer = setTimeout(() => {
      stderr += `\n(killed: the bench ran past ${BENCH_TIMEOUT_MS / 1000} s)`
      process.kill(-child.pid!, 'SIGKILL')
      resolve({ code: -1, stdout, stderr })
    }, BENCH_TIMEOUT_MS)
    child.once('close', (code) => {
      clearTimeout(timer)
      resolve({ code: code ?? -1, stdout, stderr })
    })
  })
}

beforeAll(async () => {
  assertBuilt()
  run = await runBench()
  // The hook's error is what a CI log's tail shows: it carries what the bench printed.
  if (!existsSync(out)) {
    throw new Error(`the bench (exit ${run.code}) wrote no results:\n${run.stdout}\n${run.stderr}`)
  }
  if (run.code !== 0) console.error(`bench output:\n${run.stdout}\n${run.stderr}`)
  results = JSON.parse(readFileSync(out, 'utf8')) as Results
}, BENCH_TIMEOUT_MS + 10_000)

afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('npm run bench -- --quick', () => {
  test('exits 0 and prints the table and a line per target', () => {
    expect(run.code).toBe(0)
    expect(run.stdout).toContain('(c) floor Node streams')
    expect(run.stdout).toContain('(f) framework PPR, cookie hole')
    expect(run.stdout.match(/^(PASS|FAIL) {2}/gm)).toHaveLength(10)
    expect(run.stdout).toMatch(/^(PASS|FAIL) {2}PPR first byte ≤ 1\.2x static/m)
    expect(run.stdout).toMatch(/^(PASS|FAIL) {2}PPR HTML ≥ 1x the same page dynamic/m)
  })

  test('every contender answered 200 with all the rows, as a document and as a payload', () => {
    expect(results.contenders.map((c) => c.id)).toEqual(CONTENDERS)
    for (const contender of results.contenders) {
      const { html, payload, failuresUnderLoad } = contender.checks
      expect(html, contender.label).toEqual({ status: 200, rows: ROWS })
      expect(payload, contender.label).toEqual({ status: 200, rows: ROWS })
      expect(failuresUnderLoad, contender.label).toBe(0)
      expect(contender.checks.visitor, contender.label).toEqual(
        COOKIE_HOLE.includes(contender.id) ? { html: true, payload: true } : undefined,
      )
      expect(contender.ok, contender.label).toBe(true)
    }
    expect(results.ok).toBe(true)
  })

  test('the results file has every figure of every contender, and its ratio against (c)', () => {
    for (const contender of results.contenders) {
      expect(Object.keys(contender.figures).sort(), contender.label).toEqual([...FIGURES].sort())
      for (const figure of FIGURES) {
        const value = contender.figures[figure as keyof typeof contender.figures]
        expect(Number.isFinite(value), `${contender.label} ${figure}`).toBe(true)
        if (figure !== 'clientJsGzipAdded')
          expect(value, `${contender.label} ${figure}`).toBeGreaterThan(0)
        const ratio = contender.ratios[figure as keyof typeof contender.ratios]
        if (figure !== 'clientJsGzipAdded')
          expect(ratio, `${contender.label} ${figure}`).toBeGreaterThan(0)
      }
      expect(contender.samples.html.length).toBeGreaterThan(0)
      expect(contender.samples.payload.length).toBeGreaterThan(0)
      expect(contender.samples.coldStartMs.length).toBeGreaterThan(0)
      expect(contender.samples.firstByteMs.length).toBeGreaterThan(0)
      expect(contender.figures.htmlFirstByteP50Ms).toBeLessThanOrEqual(
        contender.figures.htmlFirstByteP99Ms,
      )
      // React and React DOM at least: the pages hydrate.
      expect(contender.figures.clientJsBytes).toBeGreaterThan(100_000)
    }
    const floor = results.contenders.find((c) => c.id === 'c')!
    expect(floor.figures.clientJsGzipAdded).toBe(0)
  })

  test("the machine's own speed over the run is timed and printed", () => {
    const { steadiness } = results.machine
    // Once before the dev server, once before the cold starts and once before each of the seven
    // servers' rounds.
    expect(steadiness.samples).toBe(9)
    for (const figure of [steadiness.p10Ms, steadiness.medianMs, steadiness.p90Ms]) {
      expect(figure).toBeGreaterThan(0)
    }
    expect(steadiness.p10Ms).toBeLessThanOrEqual(steadiness.medianMs)
    expect(steadiness.medianMs).toBeLessThanOrEqual(steadiness.p90Ms)
    expect(run.stdout).toMatch(
      /^machine speed: a fixed piece of work took [\d.]+ ms at the median/m,
    )
  })

  test('a fresh dev server is timed to its first hydrated page and two navigations', () => {
    const { starts, median, appBuildMs } = results.development
    expect(starts).toHaveLength(1)
    for (const [figure, value] of Object.entries(median)) {
      expect(value, figure).toBeGreaterThan(0)
    }
    expect(median.readyMs).toBeLessThan(median.firstDocumentMs)
    expect(median.firstDocumentMs).toBeLessThan(median.hydratedMs)
    // --no-build: the app's build is not timed.
    expect(appBuildMs).toBeNull()
    expect(run.stdout).toContain('development (median of 1 fresh start(s))')
    expect(run.stdout).toMatch(/^ {2}first page hydrated +[\d,]+ ms$/m)
  })

  test('the targets are evaluated (as information)', () => {
    expect(results.targets).toHaveLength(10)
    for (const target of results.targets) {
      expect(Number.isFinite(target.value), target.name).toBe(true)
      expect(typeof target.pass, target.name).toBe('boolean')
    }
  })
})
