import { BenchVisitorPage } from '../_visitor.tsx'

/** Partially prerendered: the table is its shell, kept in memory; the cookie hole is resumed per request (contender f). */
export const experimental_ppr = true

export default function BenchPartialPrerenderPage() {
  return <BenchVisitorPage />
}
