import { BenchTable } from '../_table.tsx'

/** Rendered at every request: the bench's contender (a). */
export const dynamic = 'force-dynamic'

export default function BenchDynamicPage() {
  return <BenchTable />
}
