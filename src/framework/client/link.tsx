// <Link>: a real <a href> that works without JavaScript and in new tabs, and navigates with the
// client router on a plain click.
import { type AnchorHTMLAttributes, createContext, type MouseEvent, use, useMemo } from 'react'
import { NavigationContext } from './navigation-context.tsx'

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string
  /** Replace the current history entry instead of pushing one. */
  replace?: boolean
  /** Scroll to the top (or the hash) after navigating. Default true. */
  scroll?: boolean
  /** Prefetch the target's payload when the link is seen or hovered. Default true. */
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

export function Link({
  href,
  replace,
  scroll,
  prefetch: _prefetch,
  onClick,
  ...anchor
}: LinkProps) {
  const navigation = use(NavigationContext)
  const pendingUrl = navigation?.pendingUrl
  const pending = useMemo(() => {
    if (!pendingUrl) return false
    const target = new URL(href, `http://localhost${navigation?.url ?? '/'}`)
    return target.pathname + target.search === pendingUrl
  }, [href, pendingUrl, navigation?.url])

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event)
    if (!navigation || !isPlainLeftClick(event)) return
    if ((anchor.target && anchor.target !== '_self') || anchor.download !== undefined) return
    const url = new URL(href, location.href)
    if (url.origin !== location.origin) return
    // Same page, another hash: the browser scrolls and keeps history itself.
    if (url.pathname + url.search === navigation.url && url.hash) return
    event.preventDefault()
    navigation.router[replace ? 'replace' : 'push'](url.href, { scroll })
  }

  return (
    <LinkStatusContext value={{ pending }}>
      <a href={href} {...anchor} onClick={handleClick} />
    </LinkStatusContext>
  )
}
