/**
 * Prerendering lab (docs/caching.md, "Prerendering at build time"): the categories are listed
 * here, in the layout; the page below lists the items of each category it is given.
 */
export function generateStaticParams(): { category: string }[] {
  return [{ category: 'fruit' }, { category: 'vegetables' }]
}

export default async function CategoryLayout({
  children,
  params,
}: LayoutProps<'/lab/prerender/[category]'>) {
  const { category } = await params
  return (
    <section>
      <p data-testid="category">{`Category: ${category}`}</p>
      {children}
    </section>
  )
}
