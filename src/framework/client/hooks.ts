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

export function usePathname(): string {
  const { url } = useNavigation('usePathname()')
  return new URL(url, 'http://localhost').pathname
}

export function useSearchParams(): URLSearchParams {
  const { url } = useNavigation('useSearchParams()')
  return useMemo(() => new URL(url, 'http://localhost').searchParams, [url])
}

export function useParams<T extends Params = Params>(): T {
  return useNavigation('useParams()').params as T
}
