// The navigation hooks of #framework/client, read from the navigation context.
import { use, useMemo } from 'react'
import type { TypedHref } from '../routing/typed-hrefs.ts'
import type { Params } from '../routing/types.ts'
import {
  type NavigateOptions,
  NavigationContext,
  type NavigationState,
  type RouterApi,
} from './navigation-context.tsx'

/**
 * The router as `useRouter()` gives it to the app: its targets are typed hrefs, so with
 * `typedRoutes` a path no route answers is a type error (routing/typed-hrefs.ts).
 */
export interface AppRouter extends Omit<RouterApi, 'push' | 'replace' | 'prefetch'> {
  push<Href extends string>(href: TypedHref<Href>, options?: NavigateOptions): void
  replace<Href extends string>(href: TypedHref<Href>, options?: NavigateOptions): void
  /** See RouterApi.prefetch. */
  prefetch<Href extends string>(href: TypedHref<Href>, options?: { urgent?: boolean }): void
}

function useNavigation(hook: string): NavigationState {
  const state = use(NavigationContext)
  if (!state) {
    throw new Error(`${hook} must be called in a client component rendered by a route.`)
  }
  return state
}

export function useRouter(): AppRouter {
  return useNavigation('useRouter()').router
}

// The context's URL is a pathname and search (e.g. `//a?b`): split at `?`, never parsed as a URL
// reference.

export function usePathname(): string {
  return useNavigation('usePathname()').url.split('?')[0]!
}

export function useSearchParams(): URLSearchParams {
  const { url } = useNavigation('useSearchParams()')
  return useMemo(() => {
    const query = url.indexOf('?')
    return new URLSearchParams(query === -1 ? '' : url.slice(query))
  }, [url])
}

export function useParams<T extends Params = Params>(): T {
  return useNavigation('useParams()').params as T
}
