import { Suspense } from 'react'
import { forbidden, notFound, permanentRedirect, redirect, unauthorized } from '#framework'

const LATE_DELAY_MS = 200

function interrupt(kind: string): never {
  switch (kind) {
    case 'not-found':
      return notFound()
    case 'unauthorized':
      return unauthorized()
    case 'forbidden':
      return forbidden()
    case 'redirect':
      return redirect('/about')
    case 'permanent-redirect':
      return permanentRedirect('/about')
    case 'external':
      return redirect('https://external.example/landing')
    case 'self':
      return redirect(`/lab/interrupt/self`)
    default:
      return notFound()
  }
}

function Interrupt({ kind }: { kind: string }): never {
  interrupt(kind)
}

async function LateInterrupt({ kind }: { kind: string }): Promise<never> {
  await new Promise((resolve) => setTimeout(resolve, LATE_DELAY_MS))
  interrupt(kind)
}

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
