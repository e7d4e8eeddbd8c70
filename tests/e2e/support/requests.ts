// Records the requests a page makes, sorted the way the wire protocol sorts them: documents
// (full page loads) and RSC payload fetches (contract section 4).
import type { Page, Request } from 'playwright-core'
import { HEADER_PREFETCH, PAYLOAD_SUFFIX } from '../../../src/framework/wire/protocol.ts'

/** Whether `url` asks for an RSC payload; with `pagePath`, the payload of that page. */
export function isPayloadUrl(url: string, pagePath?: string): boolean {
  const { pathname } = new URL(url)
  if (pagePath === undefined) return pathname.endsWith(PAYLOAD_SUFFIX)
  return pathname === payloadPathOf(pagePath)
}

/** The payload path of a page path: `/` → `/_.rsc`, `/notes/3` → `/notes/3_.rsc`. */
export function payloadPathOf(pagePath: string): string {
  const path = pagePath.replace(/\/$/, '')
  return `${path === '' ? '/' : path}${PAYLOAD_SUFFIX}`
}

function isPrefetch(request: Request): boolean {
  return request.headers()[HEADER_PREFETCH] !== undefined
}

export class RequestLog {
  readonly requests: Request[] = []
  private readonly ended = new Set<Request>()
  private readonly endListeners = new Set<() => void>()
  private readonly onRequest = (request: Request) => {
    this.requests.push(request)
  }
  private readonly onEnd = (request: Request) => {
    this.ended.add(request)
    for (const listener of [...this.endListeners]) listener()
  }

  private constructor(private readonly page: Page) {
    page.on('request', this.onRequest)
    page.on('requestfinished', this.onEnd)
    page.on('requestfailed', this.onEnd)
  }

  /** Starts recording every request `page` makes from now on. */
  static start(page: Page): RequestLog {
    return new RequestLog(page)
  }

  /** Full page loads: what a client navigation must not cause. */
  documents(): Request[] {
    return this.requests.filter((request) => request.resourceType() === 'document')
  }

  /** Every RSC payload request (navigations and prefetches), optionally for one page path. */
  payloadFetches(pagePath?: string): Request[] {
    return this.requests.filter((request) => isPayloadUrl(request.url(), pagePath))
  }

  /** Payload requests a navigation made, not the Link prefetches (contract section 8). */
  payloads(pagePath?: string): Request[] {
    return this.payloadFetches(pagePath).filter((request) => !isPrefetch(request))
  }

  /**
   * Payload GETs a navigation or refresh made (not prefetches, not server function calls, which
   * POST to the same URL).
   */
  payloadGets(pagePath?: string): Request[] {
    return this.payloads(pagePath).filter((request) => request.method() === 'GET')
  }

  /** POST requests: server function calls (to a payload URL) and forms posted natively. */
  posts(): Request[] {
    return this.requests.filter((request) => request.method() === 'POST')
  }

  /** Payload requests made by the prefetch queue. */
  prefetches(pagePath?: string): Request[] {
    return this.payloadFetches(pagePath).filter(isPrefetch)
  }

  /** Paths of the navigations' payload requests, in order, for readable assertion messages. */
  payloadPaths(): string[] {
    return this.payloads().map((request) => new URL(request.url()).pathname)
  }

  /** Paths of the document requests, in order. */
  documentPaths(): string[] {
    return this.documents().map((request) => new URL(request.url()).pathname)
  }

  /** Resolves once `request` has finished (its whole body arrived) or failed (e.g. aborted). */
  whenEnded(request: Request): Promise<void> {
    return new Promise((resolve) => {
      const check = () => {
        if (!this.ended.has(request)) return
        this.endListeners.delete(check)
        resolve()
      }
      this.endListeners.add(check)
      check()
    })
  }

  clear(): void {
    this.requests.length = 0
  }

  stop(): void {
    this.page.off('request', this.onRequest)
    this.page.off('requestfinished', this.onEnd)
    this.page.off('requestfailed', this.onEnd)
  }
}

/** A page opened by `opening`, with the log of its requests from its first one. */
export async function withRequestLog(
  opening: Promise<Page>,
): Promise<{ page: Page; requests: RequestLog }> {
  const page = await opening
  return { page, requests: RequestLog.start(page) }
}

/**
 * Fails the page's Link prefetches in the browser, so they never reach the server. Only for a
 * test that lists what a page itself loads: a prefetch loads the modules of the pages it is for.
 * The router treats a failed prefetch as no prefetch: a navigation fetches the payload itself.
 */
export async function blockPrefetches(page: Page): Promise<void> {
  await page.route(
    (url) => isPayloadUrl(url.href),
    (route) => (isPrefetch(route.request()) ? route.abort() : route.fallback()),
  )
}
