import type { Metadata } from '#framework'
import { Link } from '#framework/client'

import { PAGES } from '../_pages.ts'

/**
 * The guides are known when the app is built: `npm run build` prerenders each of them
 * (docs/caching.md, "Prerendering at build time"), and any other /docs/… path is not found.
 */
export function generateStaticParams(): { slug: string[] }[] {
  return Object.keys(PAGES).map((path) => ({ slug: path.split('/') }))
}

export const dynamicParams = false

/** When this page was rendered: the build's time for a prerendered guide. */
const renderedAt = () => new Date().toISOString()

export async function generateMetadata({
  params,
}: PageProps<'/docs/[...slug]'>): Promise<Metadata> {
  const path = (await params).slug.join('/')
  return { title: `Docs: ${path}`, description: PAGES[path] ?? null }
}

export default async function DocsPage({ params }: PageProps<'/docs/[...slug]'>) {
  const { slug } = await params
  const path = slug.join('/')
  return (
    <article>
      <h1>Docs</h1>
      <p data-testid="slug">Slug: {JSON.stringify(slug)}</p>
      <p>{PAGES[path]}</p>
      <ul>
        {Object.keys(PAGES).map((page) => (
          <li key={page}>
            <Link href={`/docs/${page}`}>{page}</Link>
          </li>
        ))}
      </ul>
      <p data-testid="rendered-at">{`Rendered at ${renderedAt()}`}</p>
    </article>
  )
}
