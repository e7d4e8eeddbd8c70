// How a server function's answer (the page re-rendered after it ran, or the page it redirected
// to) reaches the router. call-server.ts notes the page a call is made on (callOrigin()) and
// hands the answer over (applyServerUpdate()); the Router, once on screen, receives it
// (useServerAnswers()). The answer belongs to the page that made the call: if a navigation was
// requested since the call started, it is not shown (docs/routing.md, "The client router:
// overlapping requests").
import { type RefObject, useLayoutEffect } from 'react'
import type { RscPayload } from '../wire/payload.ts'
import { redirectLocation } from '../wire/protocol.ts'
import { forgetPayload } from './history-payloads.ts'
import { type Navigation, newKey, supersede } from './navigation.ts'
import { routerMemory } from './router-memory.ts'

/** Identifies the page a server function was called on: see applyServerUpdate(). */
export interface CallOrigin {
  requestCount: number
  /** The history entry of the page, whose remembered payload is dropped if the answer is not shown. */
  key: string | undefined
}

export function callOrigin(): CallOrigin {
  return { requestCount: routerMemory.requestCount, key: routerMemory.requestedKey }
}

/**
 * Renders a server function's response (the re-rendered page, or the redirect target) if no
 * navigation was requested since the call started: the answer belongs to the page that made the
 * call. Otherwise that page's remembered payload is dropped (its data changed) and nothing else
 * changes. Returns whether the response was applied.
 */
export function applyServerUpdate(payload: RscPayload, origin: CallOrigin): boolean {
  if (origin.requestCount !== routerMemory.requestCount) {
    if (origin.key) forgetPayload(origin.key)
    return false
  }
  if (routerMemory.serverUpdateSink) routerMemory.serverUpdateSink(payload)
  else routerMemory.waitingUpdate = payload
  return true
}

/**
 * Where server function answers go, registered once the Router is on screen (in a layout effect
 * after its commit's, so that a refresh builds on the committed page) and removed when it
 * unmounts. `show` updates the page on screen; `start` begins a navigation, as a request does.
 */
export function useServerAnswers(
  committed: RefObject<Navigation>,
  show: (next: Navigation) => void,
  start: (next: Navigation) => void,
): void {
  useLayoutEffect(() => {
    const sink = (payload: RscPayload) => {
      // No navigation was requested since the call: whatever is in flight started before it.
      supersede()
      const { redirect } = payload
      if (!redirect) {
        show({ ...committed.current, payload, action: 'refresh', scroll: false })
        return
      }
      // As the server's Location would say it (wire/protocol.ts): a path stays on this origin.
      const url = new URL(redirectLocation(redirect.url), location.href)
      start({
        key: newKey(),
        url: url.pathname + url.search,
        hash: url.hash,
        payload,
        action: redirect.type,
        scroll: true,
      })
    }
    routerMemory.serverUpdateSink = sink
    const waiting = routerMemory.waitingUpdate
    routerMemory.waitingUpdate = null
    if (waiting) sink(waiting)
    return () => {
      if (routerMemory.serverUpdateSink === sink) routerMemory.serverUpdateSink = null
    }
  }, [committed, show, start])
}
