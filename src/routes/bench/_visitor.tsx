// The cookie-hole bench page (bench/README.md): the 1,000-row table as its static part, and one
// Suspense boundary whose component reads the visitor's cookie and waits 50 ms. Shared by
// /bench/ppr (partially prerendered: the table is its shell) and /bench/ppr-dynamic (the same
// page rendered whole at every request).
import { Suspense } from 'react'
import { cookies } from '#framework'
import { BenchTable, VISITOR_COOKIE } from './_table.tsx'

/** How long the hole waits after reading the cookie, as a database call for the visitor would. */
const HOLE_WAIT_MS = 50

async function Visitor() {
  const name = (await cookies()).get(VISITOR_COOKIE)?.value ?? 'stranger'
  await new Promise((resolve) => setTimeout(resolve, HOLE_WAIT_MS))
  return <p className="bench-visitor">{`Visitor: ${name}`}</p>
}

export function BenchVisitorPage() {
  return (
    <>
      <Suspense fallback={<p className="bench-visitor">Finding the visitor…</p>}>
        <Visitor />
      </Suspense>
      <BenchTable />
    </>
  )
}
