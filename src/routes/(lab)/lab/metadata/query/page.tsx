import type { Metadata } from '#framework'

/** Only the metadata reads searchParams, and that alone makes the page dynamic. */
export async function generateMetadata({
  searchParams,
}: PageProps<'/lab/metadata/query'>): Promise<Metadata> {
  const { q } = await searchParams
  return { title: `Query metadata: ${q ?? 'none'}` }
}

export default function QueryMetadataPage() {
  return <h1>Metadata from searchParams</h1>
}
