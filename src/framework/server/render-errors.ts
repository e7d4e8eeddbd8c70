// The render-error ledger of the current request: what a render threw, in order, and the depth
// of the boundary each belongs to. A document's status is decided from it (server/document.ts):
// redirects win over fallbacks, the first thrown wins, an error.tsx catches at its depth.
import { parseInterrupt } from '../wire/interrupts.ts'
import { maybeStore, type RecordedError } from './request-store.ts'

export type { RecordedError } from './request-store.ts'

/** Called by a segment's component wrapper: errors it throws belong to that depth's boundary. */
export function noteSegmentDepth(error: unknown, depth: number): void {
  const store = maybeStore()
  if (store && typeof error === 'object' && error !== null && !store.segmentDepths.has(error)) {
    store.segmentDepths.set(error, depth)
  }
}

/** Called from React's onError: remembers what failed where, for the document's answer. */
export function recordRenderError(error: unknown, digest: string): void {
  const store = maybeStore()
  if (!store) return
  const depth =
    typeof error === 'object' && error !== null ? store.segmentDepths.get(error) : undefined
  store.renderErrors.push({ digest, interrupt: parseInterrupt(error), depth })
}

type RecordedInterrupt = RecordedError & { interrupt: NonNullable<RecordedError['interrupt']> }

/** The interrupt a document answers with: redirects win over fallbacks; the first thrown wins. */
export function decisiveInterrupt(): RecordedInterrupt | undefined {
  const recorded = (maybeStore()?.renderErrors ?? []).filter(
    (r): r is RecordedInterrupt => r.interrupt !== null,
  )
  return recorded.find((r) => r.interrupt.signal === 'redirect') ?? recorded[0]
}

/** Whether anything failed or interrupted the render so far: such a render is not kept. */
export function hadRenderErrors(): boolean {
  return (maybeStore()?.renderErrors.length ?? 0) > 0
}

/** Whether the rsc render of this request reported an error with this digest. */
export function isRecordedRenderError(digest: string): boolean {
  return maybeStore()?.renderErrors.some((r) => r.digest === digest) === true
}

/** What the current render recorded as thrown, for a request that serves its result. */
export function recordedErrors(): readonly RecordedError[] {
  return [...(maybeStore()?.renderErrors ?? [])]
}

/** Takes over what a render made in a store of its own (a detached one) recorded as thrown. */
export function adoptRecordedErrors(errors: readonly RecordedError[]): void {
  maybeStore()?.renderErrors.push(...errors)
}

/** Where the error with this digest was thrown, if that is known. */
export function recordedErrorDepth(digest: string): number | undefined {
  return maybeStore()?.renderErrors.find((r) => r.digest === digest)?.depth
}
