import { Link } from '#framework/client'

const PAGES: Record<string, string> = {
  'getting-started': 'Start the app with npm run dev.',
  'guides/routing': 'Folders make URL segments; page.tsx makes them a page.',
  'guides/streaming': 'loading.tsx shows while a slow page streams in.',
}

export default async function DocsPage({ params }: { params: Promise<{ slug: string[] }> }) {
  const { slug } = await params
  const path = slug.join('/')
  return (
    <article>
      <title>{`Docs: ${path} · Notebook`}</title>
      <h1>Docs</h1>
      <p data-testid="slug">Slug: {JSON.stringify(slug)}</p>
      <p>{PAGES[path] ?? 'This guide has not been written yet.'}</p>
      <ul>
        {Object.keys(PAGES).map((page) => (
          <li key={page}>
            <Link href={`/docs/${page}`}>{page}</Link>
          </li>
        ))}
      </ul>
    </article>
  )
}
