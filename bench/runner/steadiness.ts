// How steady the machine's own speed is while the bench runs. On a virtual machine whose host is
// shared, work that allocates, as a render does, can take twice as long from one second to the
// next while the load average stays near 0 (bench/README.md, "Machine noise"). Every
// contender is measured at a different moment, so such swings move the ratios against the floor;
// this says when they did.
import { setTimeout as sleep } from 'node:timers/promises'
import { median } from './median.ts'

/** A fixed piece of work like a render's: small objects made, read and serialized. */
function fixedWork(): number {
  const rows: { id: number; name: string }[] = []
  let length = 0
  for (let i = 0; i < 60_000; i++) {
    rows.push({ id: i, name: `row ${i}` })
    length += JSON.stringify(rows[rows.length - 1]).length
    if (rows.length > 2_000) rows.length = 0
  }
  return length
}

/** Times the fixed work now and then over the run, and summarizes the timings. */
export class SteadinessProbe {
  /** Milliseconds each time the work was timed, in the order they were taken. */
  readonly samplesMs: number[] = []

  /** Times the work `count` times, a pause between each so that they catch different moments. */
  async sample(count: number): Promise<void> {
    // Its first run is compiled while it runs: not a measure of the machine.
    if (this.samplesMs.length === 0) fixedWork()
    for (let i = 0; i < count; i++) {
      const start = performance.now()
      fixedWork()
      this.samplesMs.push(performance.now() - start)
      await sleep(50)
    }
  }

  summary(): Steadiness {
    const sorted = [...this.samplesMs].sort((x, y) => x - y)
    const at = (fraction: number) =>
      sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))]!
    const medianMs = median(sorted)
    return {
      samples: sorted.length,
      medianMs,
      p10Ms: at(0.1),
      p90Ms: at(0.9),
      spread: (at(0.9) - at(0.1)) / medianMs,
    }
  }
}

export interface Steadiness {
  samples: number
  medianMs: number
  p10Ms: number
  p90Ms: number
  /** (p90 − p10) ÷ median: about 0.7 on this machine on 2026-11-27, when its speed moved. */
  spread: number
}

/** Above this spread the bench says that its ratios are noisy. */
const NOISY_SPREAD = 0.2

export function formatSteadiness(s: Steadiness): string {
  const ms = (value: number) => value.toFixed(1)
  const line = `machine speed: a fixed piece of work took ${ms(s.medianMs)} ms at the median, ${ms(s.p10Ms)} to ${ms(s.p90Ms)} ms (p10 to p90) over ${s.samples} samples: a spread of ${(s.spread * 100).toFixed(0)}%`
  return s.spread > NOISY_SPREAD
    ? `${line}.\nThe machine's own speed moved during the run: ratios between contenders measured at different moments are noisy (bench/README.md, "Machine noise").`
    : `${line}.`
}
