// <Link>: a real <a href> that works without JavaScript and in new tabs, navigates with the
// client router on a plain click, and prefetches its target when seen or hovered.
import {
  type AnchorHTMLAttributes,
  createContext,
  type FocusEvent,
  type MouseEvent,
  use,
  useEffect,
  useMemo,
  useRef,
} from 'react'
import type { TypedHref } from '../routing/typed-hrefs.ts'
import { NavigationContext } from './navigation-context.tsx'

export interface LinkProps<Href extends string = string>
  extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** With `typedRoutes`, a path a route answers (docs/routing.md, "Typed routes"). */
  href: TypedHref<Href>
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean
  /** Scroll to the top (or the hash) after navigating. Default true. */
  scroll?: boolean
  /** Prefetch the target's payload when the link is seen, hovered or focused. Default true. */
  prefetch?: boolean
}

const LinkStatusContext = createContext({ pending: false })

/** Inside a Link: whether the navigation to that link's target is in flight. */
export function useLinkStatus(): { pending: boolean } {
  return use(LinkStatusContext)
}

function isPlainLeftClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    !event.defaultPrevented
  )
}

/** The target's pathname and search, when the router can navigate there itself. */
function routerTarget(anchor: HTMLAnchorElement): string | null {
  if (anchor.origin !== location.origin || anchor.hasAttribute('download')) return null
  if (anchor.target && anchor.target !== '_self') return null
  return anchor.pathname + anchor.search
}

let viewportObserver: IntersectionObserver | undefined
const onVisible = new WeakMap<Element, () => void>()

/** One observer for all links: `callback` runs once, when `anchor` enters the viewport. */
function whenVisible(anchor: HTMLAnchorElement, callback: () => void): () => void {
  viewportObserver ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue
      viewportObserver!.unobserve(entry.target)
      onVisible.get(entry.target)?.()
    }
  })
  onVisible.set(anchor, callback)
  viewportObserver.observe(anchor)
  return () => viewportObserver?.unobserve(anchor)
}

export function Link<Href extends string>({
  href: typedHref,
  replace,
  scroll,
  prefetch: shouldPrefetch = true,
  onClick,
  onMouseEnter,
  onFocus,
  ...anchor
}: LinkProps<Href>) {
  const href: string = typedHref
  const navigation = use(NavigationContext)
  const ref = useRef<HTMLAnchorElement>(null)
  const pendingUrl = navigation?.pendingUrl
  const pending = useMemo(() => {
    if (!pendingUrl) return false
    const target = new URL(href, `http://localhost${navigation?.url ?? '/'}`)
    return target.pathname + target.search === pendingUrl
  }, [href, pendingUrl, navigation?.url])

  const router = navigation?.router
  const prefetchTarget = (urgent: boolean) => {
    const url = shouldPrefetch && ref.current ? routerTarget(ref.current) : null
    if (url && router) router.prefetch(url, { urgent })
  }

  useEffect(() => {
    const anchor = ref.current
    if (!shouldPrefetch || !anchor || !router) return
    return whenVisible(anchor, () => {
      const url = routerTarget(anchor)
      if (url) router.prefetch(url, { urgent: false })
    })
  }, [shouldPrefetch, router])

  const prefetchNow = () => prefetchTarget(true)

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!navigation || !isPlainLeftClick(event)) return
    const url = routerTarget(event.currentTarget)
    if (!url) return
    // Same page, another hash: the browser scrolls and keeps history itself.
    if (url === navigation.url && event.currentTarget.hash) return
    event.preventDefault()
    navigation.router[replace ? 'replace' : 'push'](event.currentTarget.href, { scroll })
  }

  return (
    <LinkStatusContext value={{ pending }}>
      <a
        ref={ref}
        href={href}
        {...anchor}
        onClick={handleClick}
        onMouseEnter={(event: MouseEvent<HTMLAnchorElement>) => {
          onMouseEnter?.(event)
          prefetchNow()
        }}
        onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
          onFocus?.(event)
          prefetchNow()
        }}
      />
    </LinkStatusContext>
  )
}
