// The median, as every figure of the bench is summarized (report.ts, steadiness.ts).
export const median = (values: number[]): number => {
  const sorted = [...values].sort((x, y) => x - y)
  const middle = sorted.length >> 1
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
