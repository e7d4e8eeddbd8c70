import type { Metadata, ResolvingMetadata } from '#framework'

/** Keeps the layout's Open Graph (resolved, with its URLs) and gives its own title: static. */
export async function generateMetadata(
  _props: unknown,
  parent: ResolvingMetadata,
): Promise<Metadata> {
  return { title: 'Spread', openGraph: { ...(await parent).openGraph, title: 'Spread parent' } }
}

export default function SpreadParentPage() {
  return <h1>The parent's Open Graph, spread</h1>
}
