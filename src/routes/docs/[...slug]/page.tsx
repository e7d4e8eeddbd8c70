import type { Metadata } from '#framework'
import { Link } from '#framework/client'

const PAGES: Record<string, string> = {
  'getting-started': 'Start the app with npm run dev.',
  'guides/routing': 'Folders make URL segments; page.tsx makes them a page.',
  'guides/streaming': 'loading.tsx shows while a slow page streams in.',
}

export async function generateMetadata({
  params,
}: {
  params: Promise<{ slug: string[] }>
}): Promise<Metadata> {
  const path = (await params).slug.join('/')
  return { title: `Docs: ${path}`, description: PAGES[path] ?? null }
}

export default async function DocsPage({ params }: { params: Promise<{ slug: string[] }> }) {
  const { slug } = await params
  const path = slug.join('/')
  return (
    <article>
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
