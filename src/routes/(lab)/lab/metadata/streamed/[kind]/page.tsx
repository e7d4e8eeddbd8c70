import type { Metadata } from '#framework'
import { throwInterrupt } from '../../../_interrupt.tsx'

/**
 * generateMetadata throws the interrupt `kind` names (`ok`: none), below a loading.tsx: the
 * document keeps its charset and viewport, and the screen shown brings its own tags.
 */
export async function generateMetadata({
  params,
}: PageProps<'/lab/metadata/streamed/[kind]'>): Promise<Metadata> {
  const { kind } = await params
  if (kind !== 'ok') throwInterrupt(kind)
  return { title: 'Streamed metadata that resolved' }
}

export default async function StreamedMetadataPage({
  params,
}: PageProps<'/lab/metadata/streamed/[kind]'>) {
  const { kind } = await params
  return <h1>{`The page under a loading screen: ${kind}`}</h1>
}
