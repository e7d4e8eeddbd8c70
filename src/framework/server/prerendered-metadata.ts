// Metadata routes made once, at build time (docs/metadata.md, "Made at build time"), as Next.js
// makes its static metadata routes: which URLs `npm run build` asks for (robots.ts, sitemap.ts
// and each of its generateSitemaps() ids, manifest.ts, and the image modules of folders without
// params, each generateImageMetadata() id), and the answers it kept, served from memory from
// then on. A module that exports `dynamic = 'force-dynamic'` or `revalidate` runs per request.
import { hasParams } from '../routing/metadata-file-urls.ts'
import { sitemapUrl } from '../routing/metadata-files.ts'
import type { Core } from './core-state.ts'

/** Whether a module asked to run per request, as a route handler would (docs/caching.md). */
function runsPerRequest(mod: Record<string, unknown>): boolean {
  return mod.dynamic === 'force-dynamic' || mod.revalidate !== undefined
}

async function ids(generate: unknown, arg?: object): Promise<string[] | null> {
  if (typeof generate !== 'function') return null
  return ((await generate(arg)) as { id: string | number }[]).map(({ id }) => String(id))
}

/** The URLs the build asks for: the metadata routes made by code that need no params. */
export async function metadataBuildTargets(core: Core): Promise<string[]> {
  const urls: string[] = []
  for (const file of core.metadataFiles.table.byUrl.values()) {
    if (!file.code || hasParams(file.folder)) continue
    const mod = await core.load(file.file)
    if (runsPerRequest(mod)) continue
    if (file.type === 'text') {
      const sitemaps = file.kind === 'sitemap' ? await ids(mod.generateSitemaps) : null
      const folder = file.url.slice(0, -'/sitemap.xml'.length)
      urls.push(...(sitemaps ? sitemaps.map((id) => sitemapUrl(folder, id)) : [file.url]))
      continue
    }
    const images = await ids(mod.generateImageMetadata, { params: {} })
    urls.push(
      ...(images ? images.map((id) => `${file.url}/${encodeURIComponent(id)}`) : [file.url]),
    )
  }
  return urls
}

/** The answer the build made for `pathname`, read from its file once; undefined if none. */
export async function answerMadeAtBuild(
  core: Core,
  request: Request,
  pathname: string,
): Promise<Response | undefined> {
  const { made, prerendered } = core.metadataFiles
  if (!prerendered) return undefined
  let kept = made.get(pathname)
  if (!kept) {
    kept = prerendered.readFile(pathname)
    made.set(pathname, kept)
    // A failed read is tried again by the next request.
    kept.catch(() => made.delete(pathname))
  }
  const found = await kept
  if (!found) return undefined
  const body = request.method === 'HEAD' ? null : found.bytes
  return new Response(body, { status: found.status, headers: found.headers })
}
