// The render-error ledger of the current request: what a render threw, in order, and the depth
// of the boundary each belongs to. A document's status is decided from it (server/document.ts):
// redirects win over fallbacks, the first thrown wins, an error.tsx catches at its depth.
import { currentPart, requestPart } from '../request/store.ts'
import { type Interrupt, parseInterrupt } from '../wire/interrupts.ts'

export interface RecordedError {
  digest: string
  interrupt: Interrupt | null
  /** Depth in the route's folder chain of the boundary that should catch it, if known. */
  depth: number | undefined
  /** What was thrown: development shows it (server/dev-errors.ts), code frame and all. */
  thrown: unknown
}

/** This module's part of the request's store. */
const RENDER_ERRORS = requestPart('render errors', () => ({
  /** Errors and interrupts thrown while rendering, in order, with where each belongs. */
  recorded: [] as RecordedError[],
  /** The depth of the segment each error was thrown in, noted before React reports it. */
  segmentDepths: new WeakMap<object, number>(),
}))

/** Called by a segment's component wrapper: errors it throws belong to that depth's boundary. */
export function noteSegmentDepth(error: unknown, depth: number): void {
  const ledger = currentPart(RENDER_ERRORS)
  if (ledger && typeof error === 'object' && error !== null && !ledger.segmentDepths.has(error)) {
    ledger.segmentDepths.set(error, depth)
  }
}

/** Called from React's onError: remembers what failed where, for the document's answer. */
export function recordRenderError(error: unknown, digest: string): void {
  const ledger = currentPart(RENDER_ERRORS)
  if (!ledger) return
  const depth =
    typeof error === 'object' && error !== null ? ledger.segmentDepths.get(error) : undefined
  ledger.recorded.push({ digest, interrupt: parseInterrupt(error), depth, thrown: error })
}

type RecordedInterrupt = RecordedError & { interrupt: NonNullable<RecordedError['interrupt']> }

/** The interrupt a document answers with: redirects win over fallbacks; the first thrown wins. */
export function decisiveInterrupt(): RecordedInterrupt | undefined {
  const recorded = (currentPart(RENDER_ERRORS)?.recorded ?? []).filter(
    (r): r is RecordedInterrupt => r.interrupt !== null,
  )
  return recorded.find((r) => r.interrupt.signal === 'redirect') ?? recorded[0]
}

/** Whether anything failed or interrupted the render so far: such a render is not kept. */
export function hadRenderErrors(): boolean {
  return (currentPart(RENDER_ERRORS)?.recorded.length ?? 0) > 0
}

/** Whether the rsc render of this request reported an error with this digest. */
export function isRecordedRenderError(digest: string): boolean {
  return currentPart(RENDER_ERRORS)?.recorded.some((r) => r.digest === digest) === true
}

/** What the current render recorded as thrown, for a request that serves its result. */
export function recordedErrors(): readonly RecordedError[] {
  return [...(currentPart(RENDER_ERRORS)?.recorded ?? [])]
}

/**
 * A reader of this request's ledger that works after the request's context is gone: what a
 * document's stream threw after its shell is known only once it has streamed (dev-errors.ts).
 */
export function renderErrorsReader(): () => readonly RecordedError[] {
  const ledger = currentPart(RENDER_ERRORS)
  return () => ledger?.recorded ?? []
}

/** Takes over what a render made in a store of its own (a detached one) recorded as thrown. */
export function adoptRecordedErrors(errors: readonly RecordedError[]): void {
  currentPart(RENDER_ERRORS)?.recorded.push(...errors)
}

/** What the rsc render threw with this digest: the error itself, not its copy from the payload. */
export function recordedThrown(digest: string): unknown {
  return currentPart(RENDER_ERRORS)?.recorded.find((r) => r.digest === digest)?.thrown
}

/** Where the error with this digest was thrown, if that is known. */
export function recordedErrorDepth(digest: string): number | undefined {
  return currentPart(RENDER_ERRORS)?.recorded.find((r) => r.digest === digest)?.depth
}
