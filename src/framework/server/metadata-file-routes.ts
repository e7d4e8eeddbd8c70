// The answers at metadata files' URLs (docs/metadata.md, "Metadata files"): a static file's bytes
// (favicon.ico, icon.png, opengraph-image.jpg, robots.txt, …), or what robots.ts, sitemap.ts
// and manifest.ts return, written out as Next.js writes it, with Next's Content-Type and
// Cache-Control. Null for a URL that is no metadata file's.
import { metadataContentType } from '../metadata/file-entries.ts'
import { manifestJson, robotsText, sitemapXml } from '../metadata/route-text.ts'
import type { Manifest, Robots, Sitemap } from '../metadata/route-types.ts'
import { getDynamicReason } from '../request/dynamic-reads.ts'
import type { MetadataFile } from '../routing/metadata-files.ts'
import { noRouteResponse } from '../wire/errors.ts'
import {
  CACHE_CONTROL_METADATA_FILE,
  CACHE_CONTROL_METADATA_FILE_DEV,
  CACHE_CONTROL_PRIVATE,
  SITEMAP_BY_ID,
} from '../wire/protocol.ts'
import type { Core } from './core-state.ts'

type TextFile = Extract<MetadataFile, { type: 'text' }>

/** The ids `generateSitemaps()` gives, as strings (Next: `{ id }[]`). */
async function sitemapIds(mod: Record<string, unknown>): Promise<string[] | null> {
  const generate = mod.generateSitemaps
  if (typeof generate !== 'function') return null
  const list = (await generate()) as { id: string | number }[]
  return list.map(({ id }) => String(id))
}

/** What a robots.ts, sitemap.ts or manifest.ts module's default export makes, as text. */
async function textOf(core: Core, file: TextFile, id?: string): Promise<string> {
  const mod = await core.load(file.file)
  const make = mod.default
  if (typeof make !== 'function') throw new Error(`${file.file} has no default export function.`)
  // Next.js 16 passes a sitemap of generateSitemaps() its id as a promise.
  const data: unknown = await make(id === undefined ? undefined : { id: Promise.resolve(id) })
  if (file.kind === 'robots') return robotsText(data as Robots)
  if (file.kind === 'sitemap') return sitemapXml(data as Sitemap)
  return manifestJson(data as Manifest)
}

function bodyOf(body: string, base64: boolean): Uint8Array<ArrayBuffer> | string {
  if (!base64) return body
  const binary = atob(body)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

function answer(core: Core, request: Request, body: BodyInit, type: string, code: boolean) {
  // A robots.ts (or sitemap.ts, manifest.ts) that read cookies() or headers() made this visitor's
  // answer: no cache may keep it for another (request/dynamic-reads.ts).
  const cacheControl =
    code && getDynamicReason() !== undefined
      ? CACHE_CONTROL_PRIVATE
      : core.dev && !code
        ? CACHE_CONTROL_METADATA_FILE_DEV
        : CACHE_CONTROL_METADATA_FILE
  const headers = { 'content-type': type, 'cache-control': cacheControl }
  return new Response(request.method === 'HEAD' ? null : body, { headers })
}

/** The answer for a GET or HEAD at `pathname`, if a metadata file answers it. */
export async function answerMetadataFile(
  core: Core,
  request: Request,
  pathname: string,
): Promise<Response | null> {
  const { table, statics } = core.metadataFiles
  const byId = SITEMAP_BY_ID.exec(pathname)
  if (byId && table.sitemapModule) {
    const file = table.byUrl.get('/sitemap.xml') as TextFile
    const ids = await sitemapIds(await core.load(file.file))
    const id = decodeURIComponent(byId[1]!)
    if (!ids?.includes(id)) return noRouteResponse(pathname)
    return answer(core, request, await textOf(core, file, id), metadataContentType(file), true)
  }
  const file = table.byUrl.get(pathname)
  if (!file) return null
  const type = metadataContentType(file)
  if (file.type === 'text' && file.code) {
    // A sitemap split by generateSitemaps() answers only at /sitemap/<id>.xml, as in Next.js 16.
    if (file.kind === 'sitemap' && (await sitemapIds(await core.load(file.file)))) {
      return noRouteResponse(pathname)
    }
    return answer(core, request, await textOf(core, file), type, true)
  }
  const facts = statics[file.file]
  if (!facts) return null
  return answer(core, request, bodyOf(facts.body, facts.base64), type, false)
}
