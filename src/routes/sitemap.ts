// /sitemap.xml: the notebook's pages, each note and each tag included.
import type { MetadataRoute } from '#framework'
import { allTags, listNotes } from './_data/notes.ts'
import { SITE_URL } from './_data/site.ts'

// Made at each request, so a new note is listed at once: without it, the build would make the
// sitemap once (docs/metadata.md, "Made at build time"), as Next.js does.
export const dynamic = 'force-dynamic'

export default async function sitemap(): Promise<MetadataRoute.Sitemap> {
  const [notes, tags] = await Promise.all([listNotes(), allTags()])
  return [
    { url: SITE_URL, changeFrequency: 'daily', priority: 1 },
    { url: `${SITE_URL}/notes`, changeFrequency: 'daily', priority: 0.8 },
    ...notes.map((note) => ({
      url: `${SITE_URL}/notes/${note.id}`,
      lastModified: note.createdAt,
    })),
    { url: `${SITE_URL}/tags`, changeFrequency: 'weekly' },
    ...tags.map((tag) => ({ url: `${SITE_URL}/tags/${encodeURIComponent(tag)}` })),
    { url: `${SITE_URL}/about`, changeFrequency: 'monthly', priority: 0.5 },
  ]
}
