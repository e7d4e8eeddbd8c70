// The cache's clock: wall-clock milliseconds, so that timestamps written by several server
// processes (sharing Redis) compare, and strictly increasing within a process, so that an entry
// computed right after an invalidation is never taken for one computed at the same instant.
let last = 0
let source: () => number = Date.now

export function now(): number {
  const time = source()
  last = time > last ? time : last + 0.001
  return last
}

/** For tests: read the time from `clock` (or from Date.now again when undefined). */
export function setCacheClock(clock?: () => number): void {
  source = clock ?? Date.now
  last = 0
}

/** The earlier of two optional times (undefined: never). */
export function earliest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b)
}
