// What a render read of its request: the first reason it became dynamic (cookies(), headers(),
// search params, connection(), `dynamic = 'force-dynamic'`), the force-static render that sees no
// request data, and the promise that notices a read of searchParams. A part of the request's
// store (store.ts): static/classification.ts and the pipeline decide from it whether a page may
// be kept for everyone, and server/request-store.ts whether its answer is private.
import { currentStore, maybeStore, partOf, requestPart } from './store.ts'

interface DynamicReads {
  /** Why this render is dynamic, if it is; undefined while it could still be static. */
  reason?: string
  /**
   * Called when the render is marked dynamic: a whole render stops there
   * (server/detached-renders.ts).
   */
  onDynamic?: () => void
  /** A force-static render: cookies, headers and search params read as empty. */
  hidden: boolean
  /**
   * A shell render (partial prerendering, server/shell-render.ts): a read of the request leaves
   * a hole, a promise that never settles, and is noted here with where it was made.
   */
  holes?: RequestHole[]
}

/** Where a shell render reached request data: that component is left for each request. */
export interface RequestHole {
  /** What was read: `cookies()`, `searchParams`, … */
  reason: string
  /** The stack of the read, to name the component that made it. */
  stack: string
}

const DYNAMIC_READS = requestPart<DynamicReads>('dynamic reads', () => ({ hidden: false }))

/** Never settles: what a shell render's read of the request gets (docs/caching.md, "Partial prerendering"). */
const NEVER: Promise<never> = new Promise(() => {})

/**
 * In a shell render, notes the read of `reason` and returns the promise that leaves the reading
 * component as a hole; elsewhere undefined (the read goes on as usual).
 */
export function holeInShell(reason: string): Promise<never> | undefined {
  const store = maybeStore()
  const holes = store && partOf(store, DYNAMIC_READS).holes
  if (!holes) return undefined
  holes.push({ reason, stack: new Error(reason).stack ?? '' })
  return NEVER
}

/** Makes the current render a shell render: each read of the request becomes a hole. */
export function renderAsShell(): RequestHole[] {
  const reads = partOf(currentStore('renderAsShell()'), DYNAMIC_READS)
  reads.holes = []
  return reads.holes
}

/** Records that the current render depends on the request, so it cannot be served statically. */
export function markDynamic(reason: string): void {
  const store = maybeStore()
  if (!store) return
  const reads = partOf(store, DYNAMIC_READS)
  if (reads.reason === undefined) {
    reads.reason = reason
    reads.onDynamic?.()
  }
}

/** Calls `listener` once the current render is marked dynamic (at once if it is already). */
export function onMarkedDynamic(listener: () => void): void {
  const reads = partOf(currentStore('onMarkedDynamic()'), DYNAMIC_READS)
  if (reads.reason !== undefined) listener()
  else reads.onDynamic = listener
}

/**
 * Why a whole render made for everyone was stopped: it read the request, so its result would
 * not be used (the visitor's page is rendered from their own request), and nothing of it is
 * worth waiting for, nor logged as an abort.
 */
export class ReadTheRequestError extends Error {
  override name = 'ReadTheRequestError'
}

export function getDynamicReason(): string | undefined {
  const store = maybeStore()
  return store && partOf(store, DYNAMIC_READS).reason
}

/** For a force-static render: what it produces is shared, so it must not see the request. */
export function hideRequestData(): void {
  partOf(currentStore('hideRequestData()'), DYNAMIC_READS).hidden = true
}

export function isRequestHidden(): boolean {
  const store = maybeStore()
  return store !== undefined && partOf(store, DYNAMIC_READS).hidden
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
  /** Runs before each read, and may refuse it (a cached computation must not read the request). */
  beforeRead?: () => void

  static of<T>(value: T, reason: string, beforeRead?: () => void): ReadTrackingPromise<T> {
    const promise = new ReadTrackingPromise<T>((resolve) => resolve(value))
    promise.reason = reason
    promise.beforeRead = beforeRead
    return promise
  }

  // biome-ignore lint/suspicious/noThenProperty: the read itself is what is being observed
  override then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    this.beforeRead?.()
    const hole = holeInShell(this.reason)
    if (hole) return hole
    markDynamic(this.reason)
    return super.then(onFulfilled, onRejected)
  }
}
