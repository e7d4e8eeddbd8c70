import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { after } from '#framework'
import { afterRan, labAfterTask } from './_ran.ts'
import { runAfterInFunction } from './actions.ts'

export const metadata: Metadata = { title: 'after()' }

export const dynamic = 'force-dynamic'

/** Rendered after a pause, at the end of the stream: had the callback run already, it would say. */
async function Late({ id }: { id: string }) {
  await new Promise((resolve) => setTimeout(resolve, 300))
  return (
    <p data-testid="late">{`Callback ran before the end: ${afterRan.has(id) ? 'yes' : 'no'}`}</p>
  )
}

/** /lab/after?id=…&kind=ok|fail: registers an after() callback, then streams a late part. */
export default async function AfterPage({ searchParams }: PageProps<'/lab/after'>) {
  const { id = 'none', kind = 'ok' } = await searchParams
  after(() => labAfterTask(String(id), 'page', String(kind)))
  return (
    <>
      <h1>after()</h1>
      <form action={runAfterInFunction}>
        {/* Its own id: the page re-rendered after the call registers the page's callback again. */}
        <input type="hidden" name="id" value={`${id}-function`} />
        <button type="submit">Run after() in a server function</button>
      </form>
      <Suspense fallback={<p>Streaming…</p>}>
        <Late id={String(id)} />
      </Suspense>
    </>
  )
}
