// What client components can know about navigation: the current URL and params, the router,
// and which URL is loading. The browser's Router provides it live; SSR provides a snapshot.
import { createContext, type ReactNode } from 'react'
import type { Params } from '../routing/types.ts'

export interface NavigateOptions {
  /** Scroll to the top (or the URL's hash) after the navigation. Default true. */
  scroll?: boolean
}

export interface RouterApi {
  push(href: string, options?: NavigateOptions): void
  replace(href: string, options?: NavigateOptions): void
  /** Re-renders the current URL on the server, keeping client state. */
  refresh(): void
  back(): void
  forward(): void
  /**
   * Fetches `href`'s payload ahead of a navigation, through the prefetch queue. `urgent` (the
   * default) puts it at the front, as Link does on hover and focus.
   */
  prefetch(href: string, options?: { urgent?: boolean }): void
}

export interface NavigationState {
  /** Pathname and search of the page on screen. */
  url: string
  params: Params
  router: RouterApi
  /** The URL being navigated to, while a navigation is in flight. */
  pendingUrl: string | null
}

export const NavigationContext = createContext<NavigationState | null>(null)

// Pure: the browser build, which never renders ServerNavigation, leaves it out.
const serverRouter: RouterApi = /* @__PURE__ */ new Proxy({} as RouterApi, {
  get(_, method) {
    return () => {
      throw new Error(
        `router.${String(method)}() runs in the browser: call it from an event handler or an effect, not while rendering.`,
      )
    }
  },
})

export function ServerNavigation(props: { url: string; params: Params; children: ReactNode }) {
  return (
    <NavigationContext
      value={{ url: props.url, params: props.params, router: serverRouter, pendingUrl: null }}
    >
      {props.children}
    </NavigationContext>
  )
}
