/** The guides under /docs, by path: their pages (docs/[...slug]) and the docs' sitemap. */
export const PAGES: Record<string, string> = {
  'getting-started': 'Start the app with npm run dev.',
  'guides/routing': 'Folders make URL segments; page.tsx makes them a page.',
  'guides/streaming': 'loading.tsx shows while a slow page streams in.',
}
