import { Suspense } from 'react'
import { Interrupt, LateInterrupt } from '../../_interrupt.tsx'

export default async function InterruptPage(props: {
  params: Promise<{ kind: string }>
  searchParams: Promise<{ late?: string }>
}) {
  const [{ kind }, { late }] = await Promise.all([props.params, props.searchParams])
  return (
    <>
      <title>{`Interrupt: ${kind}`}</title>
      <h1>{`Interrupt: ${kind}${late ? ' (after the shell)' : ''}`}</h1>
      {late ? (
        <Suspense fallback={<p>Loading the late part…</p>}>
          <LateInterrupt kind={kind} />
        </Suspense>
      ) : kind === 'both' ? (
        <>
          <Interrupt kind="not-found" />
          <Interrupt kind="redirect" />
        </>
      ) : (
        <Interrupt kind={kind} />
      )}
    </>
  )
}
