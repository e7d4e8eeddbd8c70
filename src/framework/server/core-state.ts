// What one request handler owns: the dependencies it was created with (server/core.ts) and the
// state it builds up while serving. Nothing here is shared between two handlers in a process:
// two apps (or one app with two cache stores) never see each other's pages or data.
import type { Readable } from 'node:stream'
import type { CacheFlight } from '../cache/flight.ts'
import { CacheStorage } from '../cache/storage.ts'
import type { FrameworkConfig } from '../config.ts'
import { segmentMetadataFiles } from '../metadata/file-entries.ts'
import { startOutsideRequests } from '../request/outside-requests.ts'
import {
  createMetadataFileTable,
  type MetadataFileTable,
  type StaticMetadataFile,
} from '../routing/metadata-files.ts'
import { createRouteTable } from '../routing/route-table.ts'
import type { RouteTable } from '../routing/types.ts'
import type { PrerenderedShell } from '../ssr/partial-prerender.tsx'
import type { HtmlOptions, HtmlResult } from '../ssr/render-html.tsx'
import { RouteClassification } from '../static/classification.ts'
import {
  type StaticAnswer,
  type StaticBody,
  type StaticPage,
  StaticPageStore,
} from '../static/page-store.ts'
import type { LoadedFile, PrerenderedPages } from '../static/prerendered.ts'
import type { DevErrorPayload } from '../wire/dev-server.ts'
import type { NodeBody } from '../wire/node-body.ts'
import { memoizeFetch } from './fetch-memo.ts'
import { MiddlewareHost, type MiddlewareSource } from './middleware-host.ts'
import type { RecordedError } from './render-errors.ts'
import { SharedWork } from './shared-work.ts'

/** A route module as loaded: its exports by name. */
export type RouteModuleExports = Record<string, unknown>

/** What the ssr environment does for the rsc one (ssr/render-html.tsx, entry.ssr.tsx). */
export interface HtmlRenderer {
  renderHtml(body: NodeBody, options: HtmlOptions): Promise<HtmlResult>
  renderErrorDocument(digest: string, options: { host: string; nonce?: string }): Promise<Readable>
  /** A partially prerendered page's shell (ssr/partial-prerender.tsx). */
  prerenderShell(body: NodeBody, signal: AbortSignal): Promise<PrerenderedShell>
  /** The rest of a page whose shell was sent, for one request. */
  resumeHtml(
    body: NodeBody,
    postponed: string,
    options: { signal?: AbortSignal },
  ): Promise<Readable>
}

type ReactServerModule = typeof import('@vitejs/plugin-rsc/rsc.node')

/**
 * React's server functions, as the host's bundler wires them (plugin-rsc in
 * core-dependencies.ts): the pipeline renders payloads and decodes server function posts with
 * these, importing no bundler; "use cache" functions store their results with them.
 */
export type ReactServer = Pick<
  ReactServerModule,
  | 'renderToPipeableStream'
  | 'createTemporaryReferenceSet'
  | 'decodeReply'
  | 'decodeAction'
  | 'decodeFormState'
  | 'loadServerAction'
> &
  CacheFlight

/** Everything the request pipeline needs from its host (entry.rsc.tsx, or a test). */
export interface CoreDependencies {
  /** The app's route files, relative to its routes folder (`notes/[id]/page.tsx`). */
  routeFiles: readonly string[]
  /**
   * The app's static metadata files (icon.png, robots.txt, …, routing/metadata-files.ts) by path
   * relative to its routes folder: their bytes and what the build measured.
   */
  staticMetadataFiles?: Readonly<Record<string, StaticMetadataFile>>
  /** Loads one of `routeFiles`. */
  loadRouteModule(file: string): Promise<RouteModuleExports>
  /** Differs between builds: a payload of another build is not applied by the router. */
  buildId: string
  react: ReactServer
  /** The HTML renderer; loaded on the first document request. */
  loadHtmlRenderer(): Promise<HtmlRenderer>
  config: FrameworkConfig
  /** Development: server errors show their message in the page. */
  dev?: boolean
  /** Development: opens Vite's error overlay on a server error in the pages open (dev-errors.ts). */
  showDevError?(payload: DevErrorPayload): void
  /** Subscribes to code changes (the dev server): what was found with the old code is forgotten. */
  onCodeChange?(listener: () => void): void
  /**
   * The pages `npm run build` prerendered (static/prerendered.ts), read by the host (node/host.ts:
   * from dist/prerender); none on a host without files (workers/host.ts) or in dev.
   */
  prerendered?: PrerenderedPages
  /**
   * Keeps the host running until `promise` settles, after the response has been sent: after()
   * callbacks (server/after.ts). Cloudflare Workers' `waitUntil` (workers/host.ts); Node needs
   * none, its process runs on (node/host.ts).
   */
  waitUntil?(promise: Promise<unknown>): void
  /**
   * The app's middleware (src/middleware.ts or src/proxy.ts), if it has one
   * (server/middleware-host.ts).
   */
  middleware?: MiddlewareSource
}

/** A complete render of a page for everyone (server/serve-page.ts), shared while under way. */
export interface WholeRender {
  payload: Uint8Array<ArrayBuffer>
  status: number
  /** The render read the request: its result is not this visitor's, who needs a render of their own. */
  dynamic: boolean
  /** Set when the render showed the route static and the page was stored. */
  page?: StaticPage
  /** Set when the render did not finish in time: every request waiting on it answers 500. */
  failure?: Error
  /** What it threw, by depth: a document made from its payload answers with their status. */
  errors: readonly RecordedError[]
}

export interface Core {
  routes: RouteTable
  /** The metadata files (server/metadata-file-routes.ts answers them), with the static ones. */
  metadataFiles: {
    table: MetadataFileTable
    statics: Readonly<Record<string, StaticMetadataFile>>
    /** Static files' bytes, decoded on first use, by the build's facts (metadata-file-routes.ts). */
    bodies: WeakMap<StaticMetadataFile, Uint8Array<ArrayBuffer>>
    /** The answers `npm run build` made (prerendered-metadata.ts), read once, by pathname. */
    made: Map<string, Promise<LoadedFile | undefined>>
    prerendered: PrerenderedPages | undefined
  }
  load(file: string): Promise<RouteModuleExports>
  buildId: string
  html(): Promise<HtmlRenderer>
  react: ReactServer
  config: FrameworkConfig
  dev: boolean
  showDevError: CoreDependencies['showDevError']
  /** The data cache's store (cached(), revalidateTag()). */
  cache: CacheStorage
  /** Static pages kept in memory. */
  pages: StaticPageStore
  /** Static or dynamic, per route. */
  classification: RouteClassification
  /** Whole renders of a page under way, by pathname: requests that arrive meanwhile share them. */
  wholeRenders: SharedWork<string, WholeRender>
  /** Shells of partially prerendered pages being rendered, by pathname (shell-render.ts). */
  shellRenders: SharedWork<string, ShellOutcome>
  /** A static page's HTML being rendered, by page (serve-page.ts). */
  staticHtml: SharedWork<StaticPage, { html?: StaticBody; response?: Response }>
  /** Static route handlers' answers being made, by pathname (static-route-handlers.ts). */
  staticAnswers: SharedWork<string, StaticAnswer>
  /** The app's middleware; undefined costs a request nothing. */
  middleware: MiddlewareHost | undefined
}

/**
 * A partially prerendered page's shell render (shell-render.ts): kept (`page`), or why the route
 * has none this time (`lasting`: ever, until the code changes; `quiet`: the page's own answer, a
 * 404 or a redirect, not worth a warning) and renders whole per request.
 */
export type ShellOutcome =
  | { page: StaticPage }
  | { refused: string; lasting: boolean; quiet?: true | undefined }

/** `load`, each file's module kept once loaded; a failed load is tried again next time. */
function importedOnce(load: CoreDependencies['loadRouteModule']): Core['load'] {
  const modules = new Map<string, Promise<RouteModuleExports>>()
  return (file) => {
    let loading = modules.get(file)
    if (!loading) {
      loading = startOutsideRequests(() => load(file))
      modules.set(file, loading)
      loading.catch(() => modules.delete(file))
    }
    return loading
  }
}

export function createCore(deps: CoreDependencies): Core {
  // Identical fetches within one render go out once (docs/caching.md "Request memoization").
  memoizeFetch()
  const cache = new CacheStorage(deps.config.cache)
  const { prerendered } = deps
  const pages = new StaticPageStore(cache, prerendered)
  const classification = new RouteClassification()
  // What the build's renders found: a route it saw dynamic streams from its first request.
  for (const [file, rendering] of prerendered?.renderings() ?? []) {
    classification.setRendering(file, rendering)
  }
  const middleware = deps.middleware && new MiddlewareHost(deps.middleware)
  deps.onCodeChange?.(() => {
    pages.codeChanged()
    classification.clear()
    middleware?.forget()
  })
  let html: Promise<HtmlRenderer> | undefined
  const statics = deps.staticMetadataFiles ?? {}
  const metadataTable = createMetadataFileTable([
    // An image module is both: a route file, and a source hash among the static facts.
    ...new Set([...deps.routeFiles, ...Object.keys(statics)]),
  ])
  return {
    routes: createRouteTable(deps.routeFiles, (dir) =>
      segmentMetadataFiles(metadataTable, dir, statics),
    ),
    metadataFiles: {
      table: metadataTable,
      statics,
      bodies: new WeakMap(),
      made: new Map(),
      prerendered,
    },
    // A build's route modules never change: imported once, not at every request (a dynamic
    // import of a loaded module still goes through the module loader). The dev server's are
    // imported each time, so an edit shows.
    load: deps.dev ? deps.loadRouteModule : importedOnce(deps.loadRouteModule),
    buildId: deps.buildId,
    html: () => {
      html ??= startOutsideRequests(() => deps.loadHtmlRenderer())
      // A failed load is tried again by the next request.
      html.catch(() => {
        html = undefined
      })
      return html
    },
    react: deps.react,
    config: deps.config,
    dev: deps.dev ?? false,
    showDevError: deps.showDevError,
    cache,
    pages,
    classification,
    wholeRenders: new SharedWork(),
    shellRenders: new SharedWork(),
    staticHtml: new SharedWork(),
    staticAnswers: new SharedWork(),
    middleware,
  }
}
