// The shape of the RSC payload: what the rsc environment serialises and the ssr and browser
// environments read back. One type for all three keeps them in step.
import type { ComponentType, ReactNode } from 'react'
import type { ReactFormState } from 'react-dom/client'
import type { Params, SlotState } from '../routing/types.ts'

export interface RscPayload {
  /** The route's element tree: layouts, boundaries and the page. */
  tree: ReactNode
  /** The URL (pathname and search) the tree was rendered for. */
  url: string
  params: Params
  /**
   * In an app with `@slot` folders or intercepting routes: what each slot of the page's layouts
   * shows, which the client sends back on its next navigation (wire/protocol.ts,
   * HEADER_ROUTER_STATE).
   */
  routerState?: Record<string, SlotState>
  /** The app's global-error.tsx (a client component), if it has one. */
  globalError?: ComponentType<{ error: Error & { digest?: string }; reset: () => void }>
  /** `useActionState` state after a form posted without JavaScript. */
  formState?: ReactFormState
  /** After a server function call: what it returned, or its error (digest only in production). */
  returnValue?: Promise<unknown>
  /**
   * Set by the browser (client/fetch-payload.ts), never sent: the payload's fetch followed a
   * redirect (the middleware's) to this page URL, which the router shows instead.
   */
  redirectedTo?: string
  /** A server function redirected: the tree is the target's; the client moves to `url`. */
  redirect?: {
    url: string
    status: 307 | 308
    type: 'push' | 'replace'
    /** Another origin or a route handler: the browser must load `url` as a document. */
    document: boolean
  }
}
