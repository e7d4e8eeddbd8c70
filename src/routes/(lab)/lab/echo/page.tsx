import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { cached, headers } from '#framework'

export const metadata: Metadata = { title: 'Echo' }

/**
 * The rule of docs/caching.md for request data in cached(): read it outside, pass it in as an
 * argument, and it becomes part of the key, so one request's value never reaches another.
 */
const describeVisitor = cached(async (testId: string) => ({ label: `visitor ${testId}` }), {
  key: 'lab-echo-visitor',
})

async function readTestId(): Promise<string> {
  return (await headers()).get('x-test-id') ?? '(none)'
}

/** Reads the header again after the shell, from a part that streams in later. */
async function LateEcho() {
  await new Promise((resolve) => setTimeout(resolve, 10))
  return <p data-testid="echo-late">late x-test-id: {await readTestId()}</p>
}

/** Shows the request's `x-test-id` header: reading headers() makes the page dynamic. */
export default async function EchoPage() {
  const testId = await readTestId()
  const visitor = await describeVisitor(testId)
  return (
    <>
      <h1>Request echo</h1>
      <p data-testid="echo-header">x-test-id: {testId}</p>
      <p data-testid="echo-cached">cached: {visitor.label}</p>
      <Suspense fallback={<p>Reading it again…</p>}>
        <LateEcho />
      </Suspense>
    </>
  )
}
