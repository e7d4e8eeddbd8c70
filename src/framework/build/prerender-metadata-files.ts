// The metadata routes `npm run build` makes once (server/prerendered-metadata.ts lists them:
// robots.ts, sitemap.ts, manifest.ts, image modules without params), asked of the build's
// handler as a crawler would ask. An answer that read the request (`private, no-store`) or failed
// is left to request time; the others are written beside the prerendered pages.
import type { Prerenderer } from '../server/core.ts'
import type { PrerenderedFile } from '../static/prerendered.ts'
import { CACHE_CONTROL_PRIVATE } from '../wire/protocol.ts'

export interface MadeFiles {
  files: Record<string, PrerenderedFile>
  bytes: [name: string, bytes: Uint8Array][]
  /** One line per URL, for the build's report. */
  lines: string[]
}

/**
 * @param fileName the file a URL's answer is written to (build/prerender.ts's `bodyFileName`).
 */
export async function prerenderMetadataFiles(
  prerenderer: Prerenderer,
  fileName: (pathname: string) => string,
): Promise<MadeFiles> {
  const made: MadeFiles = { files: {}, bytes: [], lines: [] }
  const targets = await prerenderer.metadataTargets()
  if (targets.length > 0) made.lines.push('metadata routes:')
  for (const pathname of targets) {
    const response = await prerenderer.handler(new Request(new URL(pathname, prerenderer.origin)))
    const cacheControl = response.headers.get('cache-control')
    if (response.status !== 200 || cacheControl === CACHE_CONTROL_PRIVATE) {
      await response.body?.cancel()
      const why = response.status === 200 ? 'read the request' : `answered ${response.status}`
      made.lines.push(`${pathname}  per request (${why})`)
      continue
    }
    const bytes = new Uint8Array(await response.arrayBuffer())
    const headers: Record<string, string> = {}
    response.headers.forEach((value, name) => {
      if (name !== 'date') headers[name] = value
    })
    const file = fileName(pathname)
    made.files[pathname] = { file, size: bytes.byteLength, status: 200, headers }
    made.bytes.push([file, bytes])
    made.lines.push(`${pathname}  made at build time (${bytes.byteLength} bytes)`)
  }
  return made
}
