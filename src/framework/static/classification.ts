// Static or dynamic: a route is static when a complete render of it read nothing of the request
// (request/dynamic-reads.ts). This module holds what one handler knows of its routes: what
// `export const dynamic`, `revalidate` and `dynamicParams` say before rendering (the route's
// segment config, read here only), which params generateStaticParams() lists, and what renders
// found.

import { LRUCache } from 'lru-cache'
import { startOutsideRequests } from '../request/outside-requests.ts'
import type { Route, RouteMatch } from '../routing/types.ts'
import type { Rendering } from '../wire/protocol.ts'
import { listStaticParams, paramDirectories, paramsKey, segmentFiles } from './static-params.ts'

/** What complete renders showed of a route: its pages may be kept (static) or not (dynamic). */
export type { Rendering }

/** Pathnames whose failed shell is remembered at once; beyond, the oldest are forgotten. */
const SHELL_PAUSES_KEPT = 1000

/** What a route's files say with `export const dynamic`, known before rendering. */
export type RenderingMode = 'force-dynamic' | 'force-static' | 'auto'

type LoadModule = (file: string) => Promise<Record<string, unknown>>

/** What a route's page and layouts export, read before rendering (route segment config). */
export interface SegmentConfig {
  /** 'force-dynamic' (or `revalidate = 0`) in the page or any layout wins, then 'force-static'. */
  mode: RenderingMode
  /**
   * `export const revalidate = N`: the lowest of the page's and its layouts' (seconds). A static
   * page is rendered again once it is that old; 0 makes the route dynamic.
   */
  revalidate: number | undefined
  /** `export const dynamicParams = false` in the page or a layout: unlisted params answer 404. */
  dynamicParams: boolean
  /**
   * `export const experimental_ppr`: true in the page or a layout opts the route into partial
   * prerendering, false opts it out of the app-wide `ppr` option (docs/caching.md); undefined
   * leaves it to that option.
   */
  ppr: boolean | undefined
}

/** What a route that exports none of the segment config has. */
export const NO_SEGMENT_CONFIG: SegmentConfig = {
  mode: 'auto',
  revalidate: undefined,
  dynamicParams: true,
  ppr: undefined,
}

/** One handler's knowledge of its routes, by page file: what renders found, what files say. */
export class RouteClassification {
  private readonly renderings = new Map<string, Rendering>()
  private readonly configs = new Map<string, Promise<SegmentConfig>>()
  /** The params generateStaticParams() lists, by route, where `dynamicParams = false` needs them. */
  private readonly listed = new Map<string, Promise<Set<string>>>()
  /** Why a partially prerendered route has no shell, by route: it renders whole per request. */
  private readonly shellRefusals = new Map<string, string>()
  /**
   * Pathnames whose shell failed (an error, a 404, a timeout), until when their documents render
   * whole: by pathname, so that one failing page (a visitor may ask for many) pauses no other.
   */
  private readonly shellPauses = new LRUCache<string, { reason: string; until: number }>({
    max: SHELL_PAUSES_KEPT,
  })

  renderingOf(routeFile: string): Rendering | undefined {
    return this.renderings.get(routeFile)
  }

  setRendering(routeFile: string, rendering: Rendering): void {
    // Once any render of a route was dynamic, the route is: its pages may differ per request.
    if (this.renderings.get(routeFile) !== 'dynamic') this.renderings.set(routeFile, rendering)
  }

  configOf(route: Route, load: LoadModule): Promise<SegmentConfig> {
    let config = this.configs.get(route.file)
    if (!config) {
      config = startOutsideRequests(() => readSegmentConfig(route, load))
      this.configs.set(route.file, config)
      // A module that failed to load is tried again by the next request.
      config.catch(() => this.configs.delete(route.file))
    }
    return config
  }

  /**
   * Whether the matched params may be served: always, unless the route says
   * `dynamicParams = false`; then only those its generateStaticParams() list (docs/routing.md).
   */
  async isListed(match: RouteMatch, load: LoadModule): Promise<boolean> {
    const { route } = match
    if (paramDirectories(route).length === 0) return true
    if ((await this.configOf(route, load)).dynamicParams) return true
    let listed = this.listed.get(route.file)
    if (!listed) {
      // Kept for every visitor, so made from no visitor's request, as at build time: cookies()
      // and headers() fail in it there and here.
      listed = startOutsideRequests(async () => {
        const sets = await listStaticParams(route, load)
        return new Set((sets ?? []).map((params) => paramsKey(route, params)))
      })
      this.listed.set(route.file, listed)
      listed.catch(() => this.listed.delete(route.file))
    }
    return (await listed).has(paramsKey(route, match.params))
  }

  /** Why the route (or, for a while, this pathname of it) has no shell, if it has none. */
  shellRefusalOf(routeFile: string, pathname?: string): string | undefined {
    const refusal = this.shellRefusals.get(routeFile)
    if (refusal !== undefined || pathname === undefined) return refusal
    const pause = this.shellPauses.get(pathname)
    if (pause && pause.until <= Date.now()) this.shellPauses.delete(pathname)
    return pause && pause.until > Date.now() ? pause.reason : undefined
  }

  /** The route can have no shell (a read of the request outside Suspense): said once, here. */
  refuseShell(routeFile: string, pathname: string, reason: string): void {
    if (this.shellRefusals.has(routeFile)) return
    this.shellRefusals.set(routeFile, reason)
    console.warn(
      `[partial prerendering] ${pathname} has no static shell, so it renders whole for each request: ${reason}.`,
    )
  }

  /**
   * The shell of `pathname` failed this time (an error, a timeout; `quiet`: the page answered
   * 404 or redirected, said to nobody): for `seconds` its documents render whole, rather than each
   * trying a shell again first.
   */
  pauseShell(pathname: string, reason: string, seconds: number, quiet = false): void {
    this.shellPauses.set(pathname, { reason, until: Date.now() + seconds * 1000 })
    if (quiet) return
    console.warn(
      `[partial prerendering] ${pathname} was rendered whole: ${reason}. Its shell is tried again in ${seconds} s.`,
    )
  }

  /** Dev server: the code changed, so what was found with the old code is forgotten. */
  clear(): void {
    this.shellRefusals.clear()
    this.shellPauses.clear()
    this.renderings.clear()
    this.configs.clear()
    this.listed.clear()
  }
}

async function readSegmentConfig(route: Route, load: LoadModule): Promise<SegmentConfig> {
  const modules = await Promise.all(segmentFiles(route).map(load))
  const modes = modules.map((mod) => mod.dynamic)
  const seconds = modules
    .map((mod) => mod.revalidate)
    .filter((value): value is number => typeof value === 'number' && value >= 0)
  const revalidate = seconds.length > 0 ? Math.min(...seconds) : undefined
  const mode =
    modes.includes('force-dynamic') || revalidate === 0
      ? 'force-dynamic'
      : modes.includes('force-static')
        ? 'force-static'
        : 'auto'
  // The deepest file that says wins, as a page's own `dynamic` would.
  const ppr = modules
    .map((mod) => mod.experimental_ppr)
    .findLast((value) => typeof value === 'boolean')
  return {
    mode,
    revalidate,
    dynamicParams: !modules.some((mod) => mod.dynamicParams === false),
    ppr,
  }
}
