/**
 * Any path under /lab/pages: a static page that shows its slug, rendered on its first request
 * (it lists no params). The links lab (/lab/links) points here: twenty distinct static pages.
 */
export default async function LabPage({ params }: PageProps<'/lab/pages/[...slug]'>) {
  const { slug } = await params
  return (
    <article>
      <title>{`Page ${slug.join('/')} · Lab`}</title>
      <h1>A page of the links lab</h1>
      <p data-testid="slug">Slug: {JSON.stringify(slug)}</p>
    </article>
  )
}
