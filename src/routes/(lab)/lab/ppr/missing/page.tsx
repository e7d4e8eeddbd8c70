import { Suspense } from 'react'
import { cookies, notFound } from '#framework'

export const experimental_ppr = true

/** A hole this page never gets to: the page calls notFound() first. */
async function Visitor() {
  const name = (await cookies()).get('lab-visitor')?.value ?? 'stranger'
  return <p>{`Hello, ${name}.`}</p>
}

/**
 * notFound() outside every hole, as a page does for a missing record: the shell render answers
 * 404, so there is no shell to keep, and nothing to warn about; the page answers 404.
 */
export default function MissingPage() {
  notFound()
  return (
    <Suspense fallback={<p>Finding out who you are…</p>}>
      <Visitor />
    </Suspense>
  )
}
