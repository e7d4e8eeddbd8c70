// The answers at metadata files' URLs (docs/metadata.md, "Metadata files"): a static file's bytes
// (favicon.ico, icon.png, opengraph-image.jpg, robots.txt, …), or what robots.ts, sitemap.ts
// and manifest.ts return, written out as Next.js writes it, with Next's Content-Type and
// Cache-Control. Null for a URL that is no metadata file's.
import { metadataContentType } from '../metadata/file-entries.ts'
import { manifestJson, robotsText, sitemapXml } from '../metadata/route-text.ts'
import type { Manifest, Robots, Sitemap } from '../metadata/route-types.ts'
import { getDynamicReason } from '../request/dynamic-reads.ts'
import type {
  MetadataFile,
  MetadataFileMatch,
  StaticMetadataFile,
} from '../routing/metadata-files.ts'
import { noRouteResponse } from '../wire/errors.ts'
import {
  CACHE_CONTROL_METADATA_FILE,
  CACHE_CONTROL_METADATA_FILE_DEV,
  CACHE_CONTROL_PRIVATE,
  SITEMAP_BY_ID,
} from '../wire/protocol.ts'
import type { Core } from './core-state.ts'
import { answerMadeAtBuild } from './prerendered-metadata.ts'

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

/** A static file's bytes, decoded from base64 once per handler (each Response copies them). */
function bodyOf(core: Core, facts: StaticMetadataFile): Uint8Array<ArrayBuffer> | string {
  if (!facts.base64) return facts.body
  const { bodies } = core.metadataFiles
  let bytes = bodies.get(facts)
  if (!bytes) {
    const binary = atob(facts.body)
    bytes = new Uint8Array(binary.length)
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
    bodies.set(facts, bytes)
  }
  return bytes
}

/**
 * What an image module's default export returns (an ImageResponse), given Next 16's promises of
 * its params and, with generateImageMetadata(), of its id; 404 for an id it does not list.
 */
async function answerImageModule(
  core: Core,
  request: Request,
  pathname: string,
  { file, params, id }: MetadataFileMatch,
): Promise<Response | null> {
  const mod = await core.load(file.file)
  const make = mod.default
  if (typeof make !== 'function') throw new Error(`${file.file} has no default export function.`)
  const generate = mod.generateImageMetadata
  if (typeof generate === 'function') {
    const items = (await generate({ params })) as { id: string | number }[]
    if (id === undefined || !items.some((item) => String(item.id) === id)) {
      return noRouteResponse(pathname)
    }
  } else if (id !== undefined) return null
  const made: unknown = await make({
    params: Promise.resolve(params),
    ...(id === undefined ? {} : { id: Promise.resolve(id) }),
  })
  if (!(made instanceof Response)) {
    throw new Error(`${file.file}: the default export must return a Response (an ImageResponse).`)
  }
  const headers = new Headers(made.headers)
  // One that read cookies() or headers() made this visitor's image (request/dynamic-reads.ts).
  if (getDynamicReason() !== undefined) headers.set('cache-control', CACHE_CONTROL_PRIVATE)
  const body = request.method === 'HEAD' ? null : made.body
  return new Response(body, { status: made.status, headers })
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
  const { table } = core.metadataFiles
  const found = table.match(pathname)
  const byId = SITEMAP_BY_ID.exec(pathname)
  const made =
    byId || found?.file.code ? await answerMadeAtBuild(core, request, pathname) : undefined
  if (made) return made
  // `<folder>/sitemap/<id>.xml`: one of the folder's sitemap.ts's generateSitemaps().
  const file = byId ? table.match(`${byId[1]}/sitemap.xml`)?.file : undefined
  if (byId && file?.type === 'text' && file.code) {
    const ids = await sitemapIds(await core.load(file.file))
    let id: string
    try {
      id = decodeURIComponent(byId[2]!)
    } catch {
      return noRouteResponse(pathname)
    }
    if (!ids?.includes(id)) return noRouteResponse(pathname)
    return answer(core, request, await textOf(core, file, id), metadataContentType(file), true)
  }
  if (!found) return null
  return answerFile(core, request, pathname, found)
}

/** The answer of the file `pathname` matched. */
async function answerFile(
  core: Core,
  request: Request,
  pathname: string,
  found: MetadataFileMatch,
): Promise<Response | null> {
  const { file } = found
  if (file.type === 'image' && file.code) return answerImageModule(core, request, pathname, found)
  if (found.id !== undefined) return null
  const type = metadataContentType(file)
  if (file.type === 'text' && file.code) {
    // A sitemap split by generateSitemaps() answers only at <folder>/sitemap/<id>.xml, as in Next.js 16.
    if (file.kind === 'sitemap' && (await sitemapIds(await core.load(file.file)))) {
      return noRouteResponse(pathname)
    }
    return answer(core, request, await textOf(core, file), type, true)
  }
  const facts = core.metadataFiles.statics[file.file]
  if (!facts) return null
  return answer(core, request, bodyOf(core, facts), type, false)
}
