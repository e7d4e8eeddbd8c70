// Build-time prerendering, `vite build`'s last step (vite/prerender-pages.ts): the built rsc entry
// (dist/rsc/index.js) is imported and its handler asked for each page to prerender, as a browser
// would ask: the document, then the navigation payload. What its static page store kept is
// written to dist/prerender/ (a manifest and one file per body), which the handlers of this
// build serve from their first request (static/prerendered.ts). Nothing is rendered here but by
// the framework's own pipeline. A page that fails fails the build; one that reads the request is
// left to request time. docs/caching.md, "Prerendering at build time". The metadata routes that
// need no params are made here too (prerender-metadata-files.ts).
import { createHash } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { pathToFileURL } from 'node:url'
import { edgeOptionsFromEnv, type FrameworkOptions } from '../config.ts'
import type { Prerenderer } from '../server/core.ts'
import { isShellPage } from '../static/page-store.ts'
import {
  PRERENDER_MANIFEST,
  PRERENDER_MANIFEST_VERSION,
  type PrerenderedBody,
  type PrerenderedPage,
  type PrerenderedRoute,
  type PrerenderManifest,
} from '../static/prerendered.ts'
import { SERVER_ERROR_PREFIX } from '../wire/errors.ts'
import { PAYLOAD_SUFFIX } from '../wire/protocol.ts'
import { prerenderMetadataFiles } from './prerender-metadata-files.ts'
import { caughtErrorReason, formatPrerenderReport, loggedErrorMessage } from './report.ts'

export interface PrerenderOptions {
  /** The rsc environment's output folder (dist/rsc): its index.js is the built rsc entry. */
  rscOutDir: string
  /** Where the pages go (dist/prerender); emptied first. */
  outDir: string
  /** The routes folder relative to Vite's root, to name files in messages (`src/routes`). */
  routesDir: string
  /** Each page route's first-load JS in gzip bytes, by route file (build/first-load-js.ts). */
  firstLoadJs: ReadonlyMap<string, number>
  log(line: string): void
}

/** A page that failed while prerendering: the build stops with this. */
export class PrerenderError extends Error {
  override name = 'PrerenderError'
}

/**
 * The file a body is written to: the pathname in one file name (`/docs/a` → `~docs~a.html`), its
 * other characters percent-encoded (so no two pathnames share a name, and none is `.` or `..`);
 * a name too long for a file system is a hash of the pathname.
 */
export function bodyFileName(pathname: string, extension: 'html' | 'rsc' | 'meta'): string {
  const name = encodeURIComponent(pathname === '/' ? '/index' : pathname)
    .replace(/[~.!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`)
    .replaceAll('%2F', '~')
  const short = name.length <= 200 ? name : createHash('sha256').update(pathname).digest('hex')
  return `${short}.${extension}`
}

function headersOf(response: Response): Record<string, string> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    if (name !== 'date') headers[name] = value
  })
  return headers
}

/**
 * Runs `fn` holding back what it logs as errors, for the build to decide what they are
 * (docs/caching.md, "What the build reports"). `serverErrors` are the renders' `[server error]`
 * lines; `print()` logs what was held, with or without them.
 */
async function holdingErrors<T>(
  fn: () => Promise<T>,
): Promise<{ result: T; serverErrors: string[]; print(withServerErrors: boolean): void }> {
  const held: unknown[][] = []
  const original = console.error
  console.error = (...args: unknown[]) => {
    held.push(args)
  }
  const isServerError = (args: unknown[]) => String(args[0]).startsWith(SERVER_ERROR_PREFIX)
  try {
    const result = await fn()
    return {
      result,
      serverErrors: held.filter(isServerError).map((args) => args.map(String).join(' ')),
      print: (withServerErrors) => {
        for (const args of held) if (withServerErrors || !isServerError(args)) original(...args)
      },
    }
  } finally {
    console.error = original
  }
}

export type Outcome =
  | { kind: 'page'; page: PrerenderedPage; bytes: { payload: Uint8Array; html: Uint8Array } }
  | { kind: 'shell'; page: PrerenderedPage; bytes: { payload: Uint8Array; html: Uint8Array } }
  | { kind: 'dynamic'; reason: string }
  | { kind: 'not-prerendered'; status: number; caught?: string }

/** Renders one page through the handler, as a browser asks for it: what came of it. */
export async function prerenderPage(
  prerenderer: Prerenderer,
  route: string,
  pathname: string,
  describe: () => string,
): Promise<Outcome> {
  const url = new URL(pathname, prerenderer.origin)
  const {
    result: document,
    serverErrors,
    print,
  } = await holdingErrors(async () => {
    const response = await prerenderer.handler(
      new Request(url, { headers: { accept: 'text/html' } }),
    )
    // Known before its body: a page that read the request streams from a render of its own,
    // which may take long and is not kept. Its body is cancelled, never waited for.
    if (prerenderer.rendering(route) === 'dynamic') {
      await response.body?.cancel()
      return { response, bytes: new Uint8Array() }
    }
    return { response, bytes: new Uint8Array(await response.arrayBuffer()) }
  })
  const { status } = document.response
  // A render that read the request is left to request time, whatever it did without one, but
  // for its shell when it opts into partial prerendering.
  if (prerenderer.rendering(route) === 'dynamic') {
    const shell = prerenderer.page(pathname)
    if (!isShellPage(shell)) {
      const refusal = prerenderer.shellRefusal(route)
      return { kind: 'dynamic', reason: refusal ? `no shell: ${refusal}` : 'read the request' }
    }
    const html = shell.html.bytes
    return {
      kind: 'shell',
      page: {
        route,
        payload: { file: bodyFileName(pathname, 'rsc'), size: 0, etag: '""', status, headers: {} },
        html: {
          file: bodyFileName(pathname, 'html'),
          size: html.byteLength,
          etag: shell.html.etag,
          status,
          headers: headersOf(document.response),
        },
        postponed: shell.postponed,
        tags: [...shell.tags],
        renderedAt: shell.renderedAt,
        dataExpiresAt: shell.expiresAt ?? null,
      },
      bytes: { payload: new Uint8Array(), html },
    }
  }
  const kept = status < 500 ? prerenderer.page(pathname) : undefined
  // An error the page showed (an error.tsx caught it) is held: the page works, and is rendered
  // per request, where the server logs it. The route's line names it. Any other is printed; a
  // failure of the build is printed above the message that names the page.
  const caught = status < 500 && !kept ? serverErrors[0] : undefined
  print(caught === undefined)
  if (status >= 500) {
    const logged = serverErrors[0] ? loggedErrorMessage(serverErrors[0]) : undefined
    const detail = logged?.replace(/\.$/, '') || `status ${status}`
    throw new PrerenderError(
      `Error occurred prerendering page "${pathname}" (${describe()}): ${detail}. The page threw while rendering at build time; its error is logged above. A page that must render per request should read the request (cookies(), headers(), connection()) or export dynamic = 'force-dynamic'.`,
    )
  }
  if (caught) return { kind: 'not-prerendered', status, caught: loggedErrorMessage(caught) }
  if (status !== 200 || !kept) return { kind: 'not-prerendered', status }
  const payloadUrl = new URL(pathname + PAYLOAD_SUFFIX, prerenderer.origin)
  const payload = await prerenderer.handler(new Request(payloadUrl))
  const payloadBytes = new Uint8Array(await payload.arrayBuffer())
  // A Content-Security-Policy with a nonce makes every document differ: only payloads could be kept.
  if (!kept.html) return { kind: 'not-prerendered', status }
  const body = (
    response: Response,
    file: string,
    etag: string,
    bytes: Uint8Array,
  ): PrerenderedBody => ({
    file,
    size: bytes.byteLength,
    etag,
    status: response.status,
    headers: headersOf(response),
  })
  return {
    kind: 'page',
    page: {
      route,
      payload: body(payload, bodyFileName(pathname, 'rsc'), kept.payload.etag, payloadBytes),
      html: body(document.response, bodyFileName(pathname, 'html'), kept.html.etag, document.bytes),
      tags: [...kept.tags],
      renderedAt: kept.renderedAt,
      dataExpiresAt: kept.expiresAt ?? null,
    },
    bytes: { payload: payloadBytes, html: document.bytes },
  }
}

/** Prerenders the build's pages into `outDir` and prints one line per route. */
export async function prerender(options: PrerenderOptions): Promise<PrerenderManifest> {
  const { outDir } = options
  // Never leave an older build's pages beside this build's server, even if this one fails.
  rmSync(outDir, { recursive: true, force: true })
  // Imported as is: the build's chunks import it back by this URL, and must share its state.
  const entry = pathToFileURL(join(options.rscOutDir, 'index.js')).href
  const { createPrerenderer } = (await import(entry)) as {
    createPrerenderer(options?: FrameworkOptions): Prerenderer
  }
  // Rendered against the configured origin (vite.config.ts, or ORIGIN as the build runs), as
  // every answer kept for everyone is (docs/configuration.md).
  const prerenderer = createPrerenderer(edgeOptionsFromEnv(process.env))
  const fileOf = (route: string) => join(options.routesDir, route)
  const routes: PrerenderedRoute[] = []
  const pages: Record<string, PrerenderedPage> = {}
  const files: [name: string, bytes: Uint8Array][] = []
  const failures: string[] = []
  for (const target of await prerenderer.targets()) {
    if (target.kind !== 'render') {
      routes.push({ route: target.route, kind: target.kind, pathnames: [], reason: target.reason })
      continue
    }
    const rendered: string[] = []
    let shells = false
    let left: PrerenderedRoute | undefined
    for (const pathname of target.pathnames) {
      const describe = () => fileOf(target.route)
      let outcome: Outcome
      try {
        outcome = await prerenderPage(prerenderer, target.route, pathname, describe)
      } catch (error) {
        // Every failing page is named before the build stops, not only the first.
        if (!(error instanceof PrerenderError)) throw error
        failures.push(error.message)
        continue
      }
      if (outcome.kind === 'page' || outcome.kind === 'shell') {
        if (outcome.kind === 'shell') shells = true
        rendered.push(pathname)
        pages[pathname] = outcome.page
        files.push([outcome.page.payload.file, outcome.bytes.payload])
        files.push([outcome.page.html.file, outcome.bytes.html])
      } else if (outcome.kind === 'dynamic') {
        // The whole route is dynamic: its other pathnames would be too.
        left = { route: target.route, kind: 'dynamic', pathnames: [], reason: outcome.reason }
        break
      } else {
        left ??= {
          route: target.route,
          kind: 'not-prerendered',
          pathnames: [],
          reason:
            outcome.caught === undefined
              ? `${pathname} answered ${outcome.status}`
              : caughtErrorReason(pathname, outcome.caught),
        }
      }
    }
    if (left?.kind === 'dynamic') {
      for (const pathname of rendered) delete pages[pathname]
      routes.push(left)
      continue
    }
    const kind = shells ? 'partial' : target.withParams ? 'prerendered' : 'static'
    if (rendered.length > 0) routes.push({ route: target.route, kind, pathnames: rendered })
    if (left) routes.push(left)
  }
  if (failures.length > 0) throw new PrerenderError(failures.join('\n'))
  const made = await prerenderMetadataFiles(prerenderer, (path) => bodyFileName(path, 'meta'))
  const manifest: PrerenderManifest = {
    version: PRERENDER_MANIFEST_VERSION,
    // A handler of another build ignores the manifest.
    buildId: prerenderer.buildId,
    routes,
    pages,
    files: made.files,
  }
  mkdirSync(outDir, { recursive: true })
  const written = new Set(
    Object.values(pages).flatMap((page) => [page.payload.file, page.html.file]),
  )
  for (const [name, bytes] of files) if (written.has(name)) writeFileSync(join(outDir, name), bytes)
  for (const [name, bytes] of made.bytes) writeFileSync(join(outDir, name), bytes)
  writeFileSync(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`)
  const report = formatPrerenderReport(
    manifest,
    relative(process.cwd(), outDir),
    options.firstLoadJs,
  )
  for (const line of [...report, ...made.lines]) {
    options.log(line)
  }
  return manifest
}
