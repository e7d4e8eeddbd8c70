import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { cacheLife, cacheTag, cookies } from '#framework'
import { Counter } from '../../../_components/counter.tsx'
import { revalidateShell } from './actions.ts'
import { SearchEcho } from './search-echo.tsx'
import { PPR_TAG } from './tags.ts'

export const metadata: Metadata = { title: 'Partial prerendering' }

/** The route's shell is kept for everyone; the visitor's part streams into the same response. */
export const experimental_ppr = true

/** The cookie the visitor part greets by (tests/e2e/partial-prerendering.test.ts sets it). */
const VISITOR_COOKIE = 'lab-visitor'

/**
 * Part of the shell: a "use cache" component is rendered once, when the shell is. Each request's
 * payload renders the shell's parts again (for hydration), so they must come out the same: a
 * clock read outside "use cache" would not (docs/caching.md, "Partial prerendering").
 */
async function ShellStamp() {
  'use cache'
  cacheTag(PPR_TAG)
  cacheLife('hours')
  return <p data-testid="shell-stamp">{`Shell made at ${new Date().toISOString()}`}</p>
}

/** A hole: it reads a cookie, then takes a second, for each request. */
async function Visitor() {
  const name = (await cookies()).get(VISITOR_COOKIE)?.value ?? 'stranger'
  await new Promise((resolve) => setTimeout(resolve, 1000))
  return <p data-testid="visitor">{`Hello, ${name}.`}</p>
}

export default function PartialPrerenderingPage() {
  return (
    <>
      <h1>Partial prerendering</h1>
      <ShellStamp />
      <SearchEcho />
      <Counter />
      <Suspense fallback={<p data-testid="visitor-fallback">Finding out who you are…</p>}>
        <Visitor />
      </Suspense>
      <form action={revalidateShell}>
        <button type="submit">Revalidate the shell</button>
      </form>
    </>
  )
}
