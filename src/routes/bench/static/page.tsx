import { BenchTable } from '../_table.tsx'

/** Reads nothing of the request, so a static route: rendered once, then served from memory (contender b). */
export default function BenchStaticPage() {
  return <BenchTable />
}
