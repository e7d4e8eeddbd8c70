// The median, as every figure of the bench is summarized (report.ts, steadiness.ts), and the
// percentiles of the first-byte samples.
export const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

/** The value below which `fraction` of the values lie (nearest rank). */
export const percentile = (values: number[], fraction: number): number => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)]!
}
