import { Suspense } from 'react'
import type { Metadata } from '#framework'
import { Interrupt, LateInterrupt } from '../../_interrupt.tsx'

export async function generateMetadata(
  props: PageProps<'/lab/interrupt/[kind]'>,
): Promise<Metadata> {
  const { kind } = await props.params
  return { title: { absolute: `Interrupt: ${kind}` } }
}

export default async function InterruptPage(props: PageProps<'/lab/interrupt/[kind]'>) {
  const [{ kind }, { late }] = await Promise.all([props.params, props.searchParams])
  return (
    <>
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
