// The navigation hooks of #framework/client, read from the navigation context.
import { use, useMemo } from 'react'
import type { Params } from '../routing/types.ts'
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
