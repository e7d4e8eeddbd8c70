import type { Metadata } from '#framework'
import { ClientInterrupt } from '../../_client-interrupt.tsx'

export async function generateMetadata(
  props: PageProps<'/lab/client-interrupt/[kind]'>,
): Promise<Metadata> {
  const { kind } = await props.params
  return { title: { absolute: `Client interrupt: ${kind}` } }
}

export default async function ClientInterruptPage(
  props: PageProps<'/lab/client-interrupt/[kind]'>,
) {
  const { kind } = await props.params
  return (
    <>
      <h1>{`Client interrupt: ${kind}`}</h1>
      <ClientInterrupt />
    </>
  )
}
