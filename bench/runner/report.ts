// The bench's results: every figure of every contender, its ratio against floor (c), the targets
// of issues 6 and 37 (information only), the table printed on stdout and the JSON written to disk.
import type { DevSample } from './dev-server.ts'
import type { Asset, LoadSample } from './measure.ts'
import { median as medianOf } from './median.ts'
import type { Steadiness } from './steadiness.ts'

export type ContenderId = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g'

export const FIGURES = [
  { key: 'htmlRps', label: 'document req/s', digits: 0 },
  { key: 'htmlP50Ms', label: 'document p50 ms', digits: 1 },
  { key: 'htmlP99Ms', label: 'document p99 ms', digits: 1 },
  { key: 'htmlFirstByteP50Ms', label: 'document first byte p50 ms', digits: 2 },
  { key: 'htmlFirstByteP99Ms', label: 'document first byte p99 ms', digits: 2 },
  { key: 'payloadRps', label: 'payload req/s', digits: 0 },
  { key: 'payloadP50Ms', label: 'payload p50 ms', digits: 1 },
  { key: 'payloadP99Ms', label: 'payload p99 ms', digits: 1 },
  { key: 'htmlCpuMs', label: 'server CPU ms per document', digits: 2 },
  { key: 'payloadCpuMs', label: 'server CPU ms per payload', digits: 2 },
  { key: 'htmlBytes', label: 'document bytes', digits: 0 },
  { key: 'htmlGzipBytes', label: 'document bytes gzip', digits: 0 },
  { key: 'payloadBytes', label: 'payload bytes', digits: 0 },
  { key: 'payloadGzipBytes', label: 'payload bytes gzip', digits: 0 },
  { key: 'clientJsBytes', label: 'client JS bytes', digits: 0 },
  { key: 'clientJsGzipBytes', label: 'client JS bytes gzip', digits: 0 },
  { key: 'clientJsGzipAdded', label: 'client JS gzip over (c)', digits: 0 },
  { key: 'coldStartMs', label: 'cold start ms (median)', digits: 0 },
  { key: 'rssAfterLoadMiB', label: 'RSS after load MiB', digits: 1 },
] as const

export type FigureKey = (typeof FIGURES)[number]['key']
export type Figures = Record<FigureKey, number>

export interface ContenderResult {
  id: ContenderId
  label: string
  page: string
  payload: string
  /** Answered 200 with all the rows (document and payload), and every request under load was 2xx. */
  ok: boolean
  checks: {
    html: { status: number; rows: number }
    payload: { status: number; rows: number }
    /** Non-2xx answers, errors and timeouts over all load runs, warm-up included. */
    failuresUnderLoad: number
    /** Cookie-hole pages only: the visitor named by the cookie is in the document and the payload. */
    visitor?: { html: boolean; payload: boolean }
  }
  figures: Figures
  /** figure ÷ the same figure of floor (c); null where that is 0. */
  ratios: Record<FigureKey, number | null>
  samples: {
    html: LoadSample[]
    payload: LoadSample[]
    coldStartMs: number[]
    /** Every sequential first-byte timing of the document, all rounds (measure.ts). */
    firstByteMs: number[]
  }
  clientJs: Asset[]
}

/** `npm run dev` from a fresh copy, and the app's production build (dev-server.ts). */
export interface Development {
  starts: DevSample[]
  /** Each figure's median over the starts. */
  median: DevSample
  /** `vite build` of the app; null with --no-build. */
  appBuildMs: number | null
}

const DEV_FIGURES: { key: keyof DevSample; label: string }[] = [
  { key: 'readyMs', label: 'dev server ready' },
  { key: 'firstDocumentMs', label: 'first document answered' },
  { key: 'hydratedMs', label: 'first page hydrated' },
  { key: 'cpuToHydratedMs', label: 'dev server CPU until hydrated' },
  { key: 'firstNavigationMs', label: 'navigation to a route not loaded yet' },
  { key: 'warmNavigationMs', label: 'the same navigation, warm' },
]

export function summarizeDevelopment(starts: DevSample[], appBuildMs: number | null): Development {
  const median = {} as DevSample
  for (const { key } of DEV_FIGURES) median[key] = medianOf(starts.map((s) => s[key]))
  return { starts, median, appBuildMs }
}

export function developmentTarget(development: Development): Target {
  const value = development.median.hydratedMs
  return {
    name: 'dev: first page hydrated ≤ 3,000 ms',
    value,
    limit: '≤ 3000 ms',
    pass: value <= 3000,
  }
}

export function formatDevelopment(development: Development): string {
  const ms = (value: number) => `${number(value, 0)} ms`
  const rows = DEV_FIGURES.map(({ key, label }) => [label, ms(development.median[key])])
  if (development.appBuildMs !== null) rows.push(['npm run build', ms(development.appBuildMs)])
  const width = Math.max(...rows.map(([label]) => label!.length))
  const starts = `median of ${development.starts.length} fresh start(s)`
  return [`development (${starts})`, ...rows.map(([l, v]) => `  ${l!.padEnd(width)}  ${v}`)].join(
    '\n',
  )
}

export interface Target {
  name: string
  value: number
  limit: string
  pass: boolean
}

export interface Results {
  date: string
  commit: string
  mode: 'quick' | 'full'
  settings: { rounds: number; seconds: number; connections: number; coldStarts: number }
  machine: {
    cpus: number
    cpuModel: string
    node: string
    loadAverageBefore: number[]
    loadAverageAfter: number[]
    /** The machine's own speed over the run (steadiness.ts). */
    steadiness: Steadiness
  }
  ok: boolean
  development: Development
  contenders: ContenderResult[]
  targets: Target[]
}

export function ratiosAgainst(figures: Figures, floor: Figures): Record<FigureKey, number | null> {
  const ratios = {} as Record<FigureKey, number | null>
  for (const { key } of FIGURES) ratios[key] = floor[key] ? figures[key] / floor[key] : null
  return ratios
}

export function evaluateTargets(byId: Record<ContenderId, Figures>): Target[] {
  const { a, b, c, e, f, g } = byId
  const ratio = (value: number, limit: number, atLeast: boolean) => ({
    value,
    pass: atLeast ? value >= limit : value <= limit,
  })
  return [
    {
      name: 'dynamic HTML ≥ 0.95x floor (c)',
      limit: '≥ 0.95x',
      ...ratio(a.htmlRps / c.htmlRps, 0.95, true),
    },
    {
      name: 'dynamic payload ≥ 0.95x floor (c)',
      limit: '≥ 0.95x',
      ...ratio(a.payloadRps / c.payloadRps, 0.95, true),
    },
    {
      name: 'static HTML ≥ 20x dynamic HTML',
      limit: '≥ 20x',
      ...ratio(b.htmlRps / a.htmlRps, 20, true),
    },
    {
      name: 'framework client JS ≤ 6 KB gzip over the floor',
      limit: '≤ 6144 B',
      ...ratio(a.clientJsGzipAdded, 6 * 1024, false),
    },
    {
      name: 'cold start ≤ 1.3x floor (c)',
      limit: '≤ 1.3x',
      ...ratio(a.coldStartMs / c.coldStartMs, 1.3, false),
    },
    {
      name: 'dynamic HTML, N workers ≥ 1.6x one process',
      limit: '≥ 1.6x',
      ...ratio(e.htmlRps / a.htmlRps, 1.6, true),
    },
    {
      name: 'dynamic payload, N workers ≥ 1.6x one process',
      limit: '≥ 1.6x',
      ...ratio(e.payloadRps / a.payloadRps, 1.6, true),
    },
    {
      name: 'PPR first byte ≤ 1.2x static (median)',
      limit: '≤ 1.2x',
      ...ratio(f.htmlFirstByteP50Ms / b.htmlFirstByteP50Ms, 1.2, false),
    },
    {
      name: 'PPR HTML ≥ 1x the same page dynamic',
      limit: '≥ 1x',
      ...ratio(f.htmlRps / g.htmlRps, 1, true),
    },
  ]
}

const number = (value: number, digits: number) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits })

export function formatTable(results: Results): string {
  const header = ['', ...results.contenders.map((c) => `(${c.id}) ${c.label}`)]
  const rows = FIGURES.map(({ key, label, digits }) => [
    label,
    ...results.contenders.map((c) => {
      const ratio = c.ratios[key]
      const value = number(c.figures[key], digits)
      return ratio === null ? value : `${value} (${number(ratio, 2)}x)`
    }),
  ])
  const widths = header.map((_, i) => Math.max(...[header, ...rows].map((row) => row[i]!.length)))
  const line = (row: string[]) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ')
  return [line(header), ...rows.map(line)].join('\n')
}

export function formatTargets(targets: Target[]): string {
  return targets
    .map((t) => {
      // Three decimals: 0.945 shown as 0.95x would read as a pass of a 0.95x target.
      const value = t.limit.endsWith(' B')
        ? `${number(t.value, 0)} B`
        : t.limit.endsWith(' ms')
          ? `${number(t.value, 0)} ms`
          : `${number(t.value, 3)}x`
      return `${t.pass ? 'PASS' : 'FAIL'}  ${t.name}: ${value} (target ${t.limit})`
    })
    .join('\n')
}
