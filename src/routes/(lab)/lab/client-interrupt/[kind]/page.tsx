import { ClientInterrupt } from '../../_client-interrupt.tsx'

export default async function ClientInterruptPage(props: { params: Promise<{ kind: string }> }) {
  const { kind } = await props.params
  return (
    <>
      <title>{`Client interrupt: ${kind}`}</title>
      <h1>{`Client interrupt: ${kind}`}</h1>
      <ClientInterrupt />
    </>
  )
}
