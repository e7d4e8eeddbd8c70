// Static or dynamic: a route is static when a complete render of it read nothing of the request
// (no cookies(), headers() or search params, no `dynamic = 'force-dynamic'`). This module is all
// of that classification: the dynamic reads (markDynamic), the force-static render that sees no
// request data, the promise that notices a read of searchParams, what `export const dynamic` says
// before rendering, and what renders found, per route, for one handler.
import type { Route } from '../routing/route-table.ts'
import { currentStore, maybeStore } from '../server/request-store.ts'
import type { Rendering } from '../wire/protocol.ts'

/** What complete renders showed of a route: its pages may be kept (static) or not (dynamic). */
export type { Rendering }

/** What a route's files say with `export const dynamic`, known before rendering. */
export type RenderingMode = 'force-dynamic' | 'force-static' | 'auto'

/** Records that the current render depends on the request, so it cannot be served statically. */
export function markDynamic(reason: string): void {
  const store = maybeStore()
  if (store && store.dynamicReason === undefined) store.dynamicReason = reason
}

export function getDynamicReason(): string | undefined {
  return maybeStore()?.dynamicReason
}

/** For a force-static render: what it produces is shared, so it must not see the request. */
export function hideRequestData(): void {
  currentStore('hideRequestData()').hidden = true
}

export function isRequestHidden(): boolean {
  return maybeStore()?.hidden === true
}

/**
 * A promise whose reading marks the render dynamic, so unread search params keep a page static.
 * It must be a subclass: `await` of a plain Promise never looks up `then`, but `await` of a
 * promise with another constructor reads it through `then`, as `use()` and Promise.all() do.
 */
export class ReadTrackingPromise<T> extends Promise<T> {
  static override get [Symbol.species]() {
    return Promise // what then() returns is an ordinary promise
  }

  reason = ''

  static of<T>(value: T, reason: string): ReadTrackingPromise<T> {
    const promise = new ReadTrackingPromise<T>((resolve) => resolve(value))
    promise.reason = reason
    return promise
  }

  // biome-ignore lint/suspicious/noThenProperty: the read itself is what is being observed
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    markDynamic(this.reason)
    return super.then(onFulfilled, onRejected)
  }
}

type LoadModule = (file: string) => Promise<Record<string, unknown>>

/** One handler's knowledge of its routes, by page file: what renders found, what files say. */
export class RouteClassification {
  private readonly renderings = new Map<string, Rendering>()
  private readonly modes = new Map<string, RenderingMode>()

  renderingOf(routeFile: string): Rendering | undefined {
    return this.renderings.get(routeFile)
  }

  setRendering(routeFile: string, rendering: Rendering): void {
    // Once any render of a route was dynamic, the route is: its pages may differ per request.
    if (this.renderings.get(routeFile) !== 'dynamic') this.renderings.set(routeFile, rendering)
  }

  /** 'force-dynamic' in the page or any layout wins, then 'force-static'; else renders decide. */
  async modeOf(route: Route, load: LoadModule): Promise<RenderingMode> {
    const known = this.modes.get(route.file)
    if (known) return known
    const files = [
      route.file,
      ...route.chain.flatMap((dir) => (dir.files.layout ? [dir.files.layout] : [])),
    ]
    const modes = (await Promise.all(files.map(load))).map((mod) => mod.dynamic)
    const mode = modes.includes('force-dynamic')
      ? 'force-dynamic'
      : modes.includes('force-static')
        ? 'force-static'
        : 'auto'
    this.modes.set(route.file, mode)
    return mode
  }

  /** Dev server: the code changed, so what was found with the old code is forgotten. */
  clear(): void {
    this.renderings.clear()
    this.modes.clear()
  }
}
