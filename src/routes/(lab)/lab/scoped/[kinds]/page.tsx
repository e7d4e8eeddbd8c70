import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { Interrupt, LateInterrupt } from '../../_interrupt.tsx'

// Like /lab/interrupt/[kind], below a folder with its own not-found, unauthorized and forbidden
// screens, and with several interrupts in one render: `/lab/scoped/forbidden,not-found` throws
// forbidden() in the first part of the page and notFound() in the second.

export async function generateMetadata(props: PageProps<'/lab/scoped/[kinds]'>): Promise<Metadata> {
  const { kinds } = await props.params
  return {
    title: { absolute: `Scoped interrupt: ${decodeURIComponent(kinds).split(',').join(', ')}` },
  }
}

export default async function ScopedInterruptPage(props: PageProps<'/lab/scoped/[kinds]'>) {
  const [{ kinds }, { late }] = await Promise.all([props.params, props.searchParams])
  const list = decodeURIComponent(kinds).split(',')
  // The same kind may come twice: each part is keyed by its place in the list.
  const parts = list.map((kind, place) => ({ kind, key: `${place}:${kind}` }))
  return (
    <>
      <h1>{`Scoped interrupt: ${list.join(', ')}${late ? ' (after the shell)' : ''}`}</h1>
      {parts.map(({ kind, key }) =>
        late ? (
          <Suspense key={key} fallback={<p>Loading the late part…</p>}>
            <LateInterrupt kind={kind} />
          </Suspense>
        ) : (
          <Interrupt key={key} kind={kind} />
        ),
      )}
    </>
  )
}
