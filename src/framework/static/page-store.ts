// Static routes are rendered once and served from memory. A route is static when a complete
// render of it read nothing of the request (no cookies(), headers() or search params, no
// `dynamic = 'force-dynamic'`); its pages (one per pathname) are kept with their payload, their
// HTML once a document asks for it, and ETags. A page is stale once revalidatePath() of its
// path or revalidateTag() of data it showed ran after it was rendered (in any process sharing
// the cache store), or when data it showed expired (cached()'s `revalidate`), or once it is
// older than the cache store keeps invalidation records (it could no longer be checked).
import { createHash } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import { earliest, now } from '../cache/clock.ts'
import { type CacheUse, collectCacheUse } from '../cache/observers.ts'
import type { CacheStorage } from '../cache/storage.ts'
import { pathTag } from '../cache/tags.ts'
import type { PrerenderedPages } from './prerendered.ts'

export interface StaticBody {
  bytes: Uint8Array<ArrayBuffer>
  etag: string
}

/** A static route handler's headers, kept with its answer (server/static-route-handlers.ts). */
export type KeptHeaders = Record<string, string>

/**
 * A static route handler's answer as it was made (server/static-route-handlers.ts): `page` when
 * it was kept; not a 200 otherwise, yet served to the requests that waited for it.
 */
export interface StaticAnswer {
  bytes: Uint8Array<ArrayBuffer>
  status: number
  headers: KeptHeaders
  page?: StaticPage
}

export interface StaticPage {
  payload: StaticBody
  /** Its document; for a partially prerendered page, the shell (`postponed` set). */
  html?: StaticBody
  /**
   * A partially prerendered page (docs/caching.md, "Partial prerendering"): React DOM's state
   * where its shell stopped, from which each request resumes. Its `payload` is empty: payloads
   * are rendered per request.
   */
  postponed?: string
  /** A static route handler's answer: the headers it is served with (its body is `payload`). */
  headers?: KeptHeaders
  /** Its path tag and the tags of the cached() data it showed. */
  tags: readonly string[]
  /** On the cache's clock (cache/clock.ts), taken before the render started. */
  renderedAt: number
  /**
   * When it must be rendered again whatever happens: the first expiry of the cached() values it
   * showed (their `revalidate`), or the end of the time the store keeps invalidation records.
   */
  expiresAt: number | undefined
}

/** A partially prerendered page: its shell, and where each request resumes from. */
export type ShellPage = StaticPage & { html: StaticBody; postponed: string }

export function isShellPage(page: StaticPage | undefined): page is ShellPage {
  return page?.postponed !== undefined && page.html !== undefined
}

const PAGES_KEPT = 1000
const BYTES_KEPT = 64 * 1024 * 1024

export function toStaticBody(bytes: Uint8Array<ArrayBuffer>): StaticBody {
  const etag = `"${createHash('sha1').update(bytes).digest('base64url')}"`
  return { bytes, etag }
}

/** One handler's static pages, by pathname, checked against that handler's cache store. */
export class StaticPageStore {
  private readonly pages = new LRUCache<string, StaticPage>({
    max: PAGES_KEPT,
    maxSize: BYTES_KEPT,
    sizeCalculation: (page) =>
      page.payload.bytes.byteLength + (page.html?.bytes.byteLength ?? 0) || 1,
  })
  /** Dev server only: when a file last changed. Pages rendered before are stale. */
  private codeChangedAt = Number.NEGATIVE_INFINITY
  /** Prerendered pathnames whose build-time page must not be served again (rendered since, or stale). */
  private readonly superseded = new Set<string>()

  /** @param prerendered the pages `npm run build` rendered (static/prerendered.ts), if any. */
  constructor(
    private readonly cache: CacheStorage,
    private readonly prerendered?: PrerenderedPages,
  ) {
    // An invalidation in this process drops the pages it concerns at once: their freshness never
    // depends on the store still remembering it (the memory store keeps only the latest ones).
    // Only this handler's store tells it: another handler's invalidations are not its business.
    cache.onInvalidate((tags) => {
      const stale = [...this.pages.entries()].filter(([, page]) =>
        page.tags.some((tag) => tags.includes(tag)),
      )
      for (const [pathname] of stale) this.pages.delete(pathname)
      for (const pathname of this.prerendered?.pathnamesTagged(tags) ?? []) this.supersede(pathname)
    })
  }

  set(pathname: string, page: StaticPage): void {
    this.supersede(pathname)
    this.pages.set(pathname, page)
  }

  /** The page kept for `pathname`, fresh or not (the build reads what it rendered). */
  kept(pathname: string): StaticPage | undefined {
    return this.pages.peek(pathname)
  }

  private supersede(pathname: string): void {
    if (this.prerendered?.has(pathname)) this.superseded.add(pathname)
  }

  /** The build's page for `pathname`, unless it was superseded; kept in memory from now on. */
  private async fromBuild(pathname: string): Promise<StaticPage | undefined> {
    const tags = this.prerendered?.tagsOf(pathname)
    if (!this.prerendered || !tags || this.superseded.has(pathname)) return undefined
    const retention = await this.cache.invalidationRetention()
    // A store without a retention (the memory store) knows only this process's invalidations: the
    // cached() data a build page showed may have changed in an earlier process, before a restart,
    // so such a page is rendered afresh. A store processes share (Redis) still knows them.
    if (retention === undefined && tags.some((tag) => tag !== pathTag(pathname))) {
      this.superseded.add(pathname)
      return undefined
    }
    // A file that cannot be read (removed by hand) leaves the page to be rendered.
    const built = await this.prerendered.read(pathname).catch(() => undefined)
    if (!built || this.superseded.has(pathname)) {
      this.superseded.add(pathname)
      return undefined
    }
    // The store that checks it now may forget invalidations sooner than the build's did.
    const page: StaticPage = {
      payload: { bytes: built.payloadBytes, etag: built.payload.etag },
      html: { bytes: built.htmlBytes, etag: built.html.etag },
      ...(built.postponed !== undefined && { postponed: built.postponed }),
      tags: built.tags,
      renderedAt: built.renderedAt,
      expiresAt: earliest(
        built.dataExpiresAt ?? undefined,
        retention === undefined ? undefined : built.renderedAt + retention,
      ),
    }
    this.pages.set(pathname, page)
    return page
  }

  /** Dev server: the code changed; pages rendered with the old code are never served. */
  codeChanged(): void {
    this.codeChangedAt = now()
    this.pages.clear()
  }

  /**
   * Runs `render`, a complete render of `pathname`, noting the cached() data it shows; when `keep`
   * says its result may be served to everyone, stores it as the page of `pathname`, to be
   * rendered again once `revalidate` seconds old (the route's `export const revalidate`).
   */
  async renderToKeep<
    Result extends {
      payload: Uint8Array<ArrayBuffer>
      headers?: KeptHeaders
      shell?: { html: Uint8Array<ArrayBuffer>; postponed: string }
    },
  >(
    pathname: string,
    render: (use: CacheUse) => Promise<Result>,
    keep: (result: Result) => boolean,
    revalidate?: number,
  ): Promise<Result & { page?: StaticPage }> {
    const renderedAt = now() // on the cache's clock, which revalidation timestamps use
    const use: CacheUse = { tags: new Set(), expiresAt: undefined, pending: 0 }
    const result = await collectCacheUse(use, () => render(use))
    if (!keep(result)) return result
    const retention = await this.cache.invalidationRetention()
    const page: StaticPage = {
      payload: toStaticBody(result.payload),
      tags: [pathTag(pathname), ...use.tags],
      renderedAt,
      expiresAt: earliest(
        earliest(use.expiresAt, revalidate ? renderedAt + revalidate * 1000 : undefined),
        retention === undefined ? undefined : renderedAt + retention,
      ),
      ...(result.headers && { headers: result.headers }),
      ...(result.shell && {
        html: toStaticBody(result.shell.html),
        postponed: result.shell.postponed,
      }),
    }
    this.set(pathname, page)
    return { ...result, page }
  }

  /** The page stored for `pathname`, unless it is stale (then it is dropped). */
  async fresh(pathname: string): Promise<StaticPage | undefined> {
    const page = this.pages.get(pathname) ?? (await this.fromBuild(pathname))
    if (!page) return undefined
    const expired = page.expiresAt !== undefined && now() >= page.expiresAt
    // A render that was under way when the code changed may store its page after the change.
    if (
      expired ||
      page.renderedAt <= this.codeChangedAt ||
      (await this.cache.invalidatedSince(page.tags, page.renderedAt))
    ) {
      if (this.pages.get(pathname) === page) this.pages.delete(pathname)
      this.supersede(pathname)
      return undefined
    }
    return page
  }
}
