// The navigation hooks of #framework/client, read from the navigation context.
import { use, useMemo } from 'react'
import type { Params } from '../route-table.ts'
import { NavigationContext, type NavigationState, type RouterApi } from './navigation-context.tsx'

function useNavigation(hook: string): NavigationState {
  const state = use(NavigationContext)
  if (!state) {
    throw new Error(`${hook} must be called in a client component rendered by a route.`)
  }
  return state
}

export function useRouter(): RouterApi {
  return useNavigation('useRouter()').router
}

/** Pathname and search of `url` (e.g. `//a?b`), split rather than parsed as a URL reference. */
function splitUrl(url: string): [pathname: string, search: string] {
  const query = url.indexOf('?')
  return query === -1 ? [url, ''] : [url.slice(0, query), url.slice(query)]
}

export function usePathname(): string {
  return splitUrl(useNavigation('usePathname()').url)[0]
}

export function useSearchParams(): URLSearchParams {
  const { url } = useNavigation('useSearchParams()')
  return useMemo(() => new URLSearchParams(splitUrl(url)[1]), [url])
}

export function useParams<T extends Params = Params>(): T {
  return useNavigation('useParams()').params as T
}
