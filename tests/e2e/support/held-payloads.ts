// Payload requests under the test's control (docs/routing.md). `PayloadGate` holds them back:
// each waits until the test releases it, so a test sees which are in flight at once and in what
// order they started (the prefetch queue), or makes a navigation slow on purpose.
// `requestBarrier()` tells when the page's requests so far have reached the test;
// `whenPrefetched()` waits for a prefetch.
import type { Page, Request, Route } from 'playwright-core'
import { HEADER_PREFETCH } from '../../../src/framework/wire/protocol.ts'
import { isPayloadUrl, payloadPathOf, type RequestLog } from './requests.ts'

export interface HeldPayload {
  /** The page path the payload belongs to (`/lab/pages/link-3`), without the payload suffix. */
  readonly path: string
  /** Whether the prefetch queue made it (it carries the prefetch header). */
  readonly prefetch: boolean
  readonly request: Request
  /** Lets the request go on to the server (a no-op when the page already dropped it). */
  release(): Promise<void>
}

const PAYLOAD_SUFFIX_PATTERN = /_\.rsc$/

function pagePathOf(url: string): string {
  const pathname = new URL(url).pathname.replace(PAYLOAD_SUFFIX_PATTERN, '')
  return pathname === '' ? '/' : pathname
}

/**
 * Holds the payload requests of `page` (those of `paths` only, when given) from now on. Install it
 * before loading the page when the page prefetches as soon as it shows.
 */
export class PayloadGate {
  /** Every payload request held so far, in the order the page made them. */
  readonly started: HeldPayload[] = []
  /** The largest number of requests held (started and not yet released) at the same moment. */
  maxHeld = 0
  private readonly held = new Set<HeldPayload>()
  private readonly listeners = new Set<() => void>()
  private open = false

  private constructor(
    private readonly page: Page,
    private readonly matches: (url: URL) => boolean,
  ) {}

  static async install(page: Page, paths?: string[]): Promise<PayloadGate> {
    const payloadPaths = paths?.map(payloadPathOf)
    const gate = new PayloadGate(page, (url) =>
      payloadPaths ? payloadPaths.includes(url.pathname) : isPayloadUrl(url.href),
    )
    await page.route(gate.matches, gate.onRoute)
    return gate
  }

  private readonly onRoute = async (route: Route) => {
    if (this.open) {
      await route.continue().catch(() => {})
      return
    }
    const request = route.request()
    let released = false
    const held: HeldPayload = {
      path: pagePathOf(request.url()),
      prefetch: request.headers()[HEADER_PREFETCH] !== undefined,
      request,
      release: async () => {
        if (released) return
        released = true
        this.held.delete(held)
        this.notify()
        // The page may have dropped the request meanwhile (a document load aborts it).
        await route.continue().catch(() => {})
      },
    }
    this.started.push(held)
    this.held.add(held)
    this.maxHeld = Math.max(this.maxHeld, this.held.size)
    this.notify()
  }

  /** The requests held right now, oldest first. */
  heldNow(): HeldPayload[] {
    return [...this.held]
  }

  /** The requests started so far for `path`. */
  startedFor(path: string): HeldPayload[] {
    return this.started.filter((held) => held.path === path)
  }

  /** Resolves once `condition()` holds (checked now and after every start and release). */
  until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (!condition()) return
        clearTimeout(timer)
        this.listeners.delete(check)
        resolve()
      }
      const timer = setTimeout(() => {
        this.listeners.delete(check)
        const paths = this.started.map((held) => held.path).join(', ')
        reject(new Error(`Timed out waiting until ${what}. Started so far: ${paths || 'none'}.`))
      }, timeoutMs)
      this.listeners.add(check)
      check()
    })
  }

  /** Releases every held request and lets the ones that follow through at once. */
  async openAll(): Promise<void> {
    this.open = true
    await Promise.all(this.heldNow().map((held) => held.release()))
  }

  /** Stops intercepting; requests still held are released. */
  async remove(): Promise<void> {
    await this.openAll()
    await this.page.unroute(this.matches, this.onRoute)
  }

  private notify() {
    for (const listener of [...this.listeners]) listener()
  }
}

/**
 * Resolves once every request the page made before the call has reached the test's route
 * handlers: the page sends one more request, which the test answers, and the browser reports
 * requests in the order the page made them. Use it before asserting that something did not
 * start.
 */
export async function requestBarrier(page: Page): Promise<void> {
  const path = `/__e2e-barrier-${Math.random().toString(36).slice(2)}`
  const matches = (url: URL) => url.pathname === path
  await page.route(matches, (route) => route.fulfill({ status: 204 }))
  try {
    await page.evaluate(async (url) => {
      await fetch(url)
    }, path)
  } finally {
    await page.unroute(matches)
  }
}

/** Resolves once the page has prefetched `path` and the prefetch's response has ended. */
export async function whenPrefetched(
  page: Page,
  requests: RequestLog,
  path: string,
  /** Waits for this many prefetches of `path` in all (the first, by default). */
  count = 1,
): Promise<void> {
  while (requests.prefetches(path).length < count) {
    await page.waitForEvent('request', (request) => isPayloadUrl(request.url(), path))
  }
  await requests.whenEnded(requests.prefetches(path)[count - 1]!)
}

/** A held server function call: the route handler waits until the test releases it. */
export interface Hold {
  /** Resolves with the request once the browser has sent it (and it is being held). */
  arrived: Promise<Request>
  release(): void
}

/** Holds the next POST to `pagePath`'s payload URL (a server function call from that page). */
export async function holdNextCall(page: Page, pagePath: string): Promise<Hold> {
  let arrive!: (request: Request) => void
  let release!: () => void
  const arrived = new Promise<Request>((resolve) => {
    arrive = resolve
  })
  const released = new Promise<void>((resolve) => {
    release = resolve
  })
  let held = false
  await page.route(
    (url) => url.pathname === payloadPathOf(pagePath),
    async (route: Route) => {
      if (route.request().method() !== 'POST' || held) return route.continue()
      held = true
      arrive(route.request())
      await released
      await route.continue()
    },
  )
  return { arrived, release }
}
