import type { Metadata } from '#framework'
import { throwInterrupt } from '../../../_interrupt.tsx'

/** generateMetadata throws what `kind` names (an interrupt, or an error); the page itself never. */
export async function generateMetadata({
  params,
}: PageProps<'/lab/metadata/throws/[kind]'>): Promise<Metadata> {
  const { kind } = await params
  if (kind === 'error') throw new Error('The lab metadata failed (secret detail 42).')
  if (kind !== 'ok') throwInterrupt(kind)
  return { title: 'Metadata that resolved' }
}

export default async function ThrowingMetadataPage({
  params,
}: PageProps<'/lab/metadata/throws/[kind]'>) {
  const { kind } = await params
  return <h1>{`The page under generateMetadata: ${kind}`}</h1>
}
