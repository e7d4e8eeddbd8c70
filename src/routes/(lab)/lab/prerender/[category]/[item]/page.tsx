import { listNotes } from '../../../../../_data/notes.ts'
import { RenderedAt } from '../../_rendered-at.tsx'

const ITEMS: Record<string, string[]> = {
  fruit: ['apple', 'pear'],
  vegetables: ['leek'],
}

/** Called once per category the layout listed, with that category in `params`. */
export function generateStaticParams({
  params,
}: {
  params: { category: string }
}): { item: string }[] {
  return (ITEMS[params.category] ?? []).map((item) => ({ item }))
}

/**
 * A prerendered page with params (dynamicParams stays true: other items render on demand and are
 * kept as static pages then). It shows notes read through cached(), so revalidateTag('notes')
 * drops it.
 */
export default async function ItemPage({ params }: PageProps<'/lab/prerender/[category]/[item]'>) {
  const { category, item } = await params
  const notes = await listNotes()
  return (
    <>
      <title>{`${item} · Prerender lab`}</title>
      <h1>{`Item ${item} of ${category}`}</h1>
      <p data-testid="note-count">{`${notes.length} notes`}</p>
      <RenderedAt />
    </>
  )
}
