'use client'
// The boundaries server/element-tree.tsx places around each segment, and the global one the router places
// around everything. Each catches only its own kind and rethrows the rest to the next one out:
//   RedirectBoundary › ErrorBoundary (error.tsx) › Suspense › AccessFallbackBoundary › child
// All of them clear when the pathname changes, so navigating away and back starts afresh.
import {
  Component,
  type ComponentType,
  lazy,
  type ReactNode,
  startTransition,
  use,
  useEffect,
} from 'react'
import { NOINDEX } from '../../fallbacks/noindex.tsx'
import { type FallbackStatus, parseInterrupt } from '../wire/interrupts.ts'
import { isConnectionClosedError } from './connection-closed.ts'
import { isHandled } from './handled-redirects.ts'
import { NavigationContext } from './navigation-context.tsx'
import { isScriptUrl } from './script-urls.ts'
import { thrownRedirectIn } from './thrown-redirects.ts'

export type ErrorComponent = ComponentType<{
  error: Error & { digest?: string }
  reset: () => void
}>

/** A server error as the document was rendered with it (the message is hidden in production). */
export interface ServerErrorInfo {
  digest: string
  message: string
}

interface CatchState {
  error: unknown
  pathname: string
}

interface CatchProps {
  pathname: string
  /** What to show for the caught error; it rethrows an error that is not of its kind. */
  fallback: (error: unknown, clear: () => void) => ReactNode
  /** Start out showing this error. */
  initialError?: unknown
  children?: ReactNode
}

/** Holds the error its subtree threw until the pathname changes: the one class of them all. */
class CatchBoundary extends Component<CatchProps, CatchState> {
  override state: CatchState = {
    error: this.props.initialError ?? null,
    pathname: this.props.pathname,
  }

  static getDerivedStateFromError(error: unknown): Partial<CatchState> {
    return { error: error ?? new Error('A value that is not an error was thrown.') }
  }

  static getDerivedStateFromProps(
    props: CatchProps,
    state: CatchState,
  ): Partial<CatchState> | null {
    return props.pathname !== state.pathname ? { error: null, pathname: props.pathname } : null
  }

  override render() {
    const { error } = this.state
    if (!error) return this.props.children
    return this.props.fallback(error, () => this.setState({ error: null }))
  }
}

function usePathnameOrRoot(): string {
  const url = use(NavigationContext)?.url ?? '/'
  return url.split('?')[0]!
}

/** Shown when the page's payload stopped arriving part-way (server died, network dropped). */
export function ConnectionClosedNotice() {
  return (
    <div role="alert" className="fw-connection-closed">
      <p>The connection to the page was unexpectedly closed.</p>
      <button type="button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  )
}

/** The same notice as the whole document, when nothing of the page can be shown. */
export function ConnectionClosedDocument() {
  return (
    <html lang="en">
      <body>
        <ConnectionClosedNotice />
      </body>
    </html>
  )
}

// --- error.tsx -----------------------------------------------------------------------------

export function ErrorBoundary({
  errorComponent: Fallback,
  initialError,
  children,
}: {
  errorComponent: ErrorComponent
  /** Start out showing this error: the server rendered the page's document with it. */
  initialError?: ServerErrorInfo
  children?: ReactNode
}) {
  const navigation = use(NavigationContext)
  return (
    <CatchBoundary
      pathname={usePathnameOrRoot()}
      initialError={
        initialError &&
        Object.assign(new Error(initialError.message), { digest: initialError.digest })
      }
      fallback={(error, clear) => {
        if (parseInterrupt(error)) throw error
        if (isConnectionClosedError(error)) return <ConnectionClosedNotice />
        // Re-render the segment, and fetch it again so a fixed server error can recover.
        const reset = () =>
          startTransition(() => {
            navigation?.router.refresh()
            clear()
          })
        return <Fallback error={error as Error} reset={reset} />
      }}
    >
      {children}
    </CatchBoundary>
  )
}

// --- not-found.tsx, unauthorized.tsx, forbidden.tsx -----------------------------------------

// The framework's own screens, for the statuses the app's root has no file for: loaded when one
// is shown, not with every page.
const DefaultScreen = lazy(() => import('../../fallbacks/default-screen.tsx'))

export function AccessFallbackBoundary({
  fallbacks,
  defaults,
  children,
}: {
  fallbacks: Partial<Record<FallbackStatus, ReactNode>>
  /** The root's boundary: the framework's default screen for a status `fallbacks` lacks. */
  defaults?: boolean
  children?: ReactNode
}) {
  return (
    <CatchBoundary
      pathname={usePathnameOrRoot()}
      fallback={(error) => {
        const interrupt = parseInterrupt(error)
        if (interrupt?.signal !== 'fallback') throw error
        const { status } = interrupt
        const screen =
          fallbacks[status] ?? (defaults ? <DefaultScreen status={status} /> : undefined)
        if (screen === undefined) throw error
        // A redirect thrown in the same render wins, though React stopped at this error first.
        const redirect = thrownRedirectIn(children)
        if (redirect) return <RedirectTo {...redirect} />
        return (
          <>
            {NOINDEX}
            {screen}
          </>
        )
      }}
    >
      {children}
    </CatchBoundary>
  )
}

// --- redirect() ------------------------------------------------------------------------------

/** Performs a redirect thrown while rendering: a soft `replace` navigation, or a document load. */
function RedirectTo({ url, type }: { url: string; type: 'push' | 'replace' | undefined }) {
  // The router alone, which never changes: the context's value is new at every render of the
  // page (hydration's, a pending state's), and each would start the navigation again.
  const router = use(NavigationContext)?.router
  useEffect(() => {
    const target = new URL(url, location.href)
    if (isScriptUrl(target)) return
    const current = location.pathname + location.search
    if (target.origin !== location.origin || !router) {
      location.replace(target.href)
    } else if (target.pathname + target.search === current) {
      // Navigating to the page that redirected would only redirect again.
      console.error(`redirect() to ${url}, the page being shown, was ignored: it would loop.`)
    } else {
      router[type ?? 'replace'](target.href)
    }
  }, [url, type, router])
  return null
}

/** The redirect a server function call rejected with: the router already acted on it. */
function ClearAfterRedirect({ clear }: { clear: () => void }) {
  useEffect(() => startTransition(clear), [clear])
  return null
}

function redirectOrRethrow(error: unknown, clear: () => void): ReactNode {
  const interrupt = parseInterrupt(error)
  if (interrupt?.signal !== 'redirect') throw error
  if (isHandled(error)) return <ClearAfterRedirect clear={clear} />
  return <RedirectTo {...interrupt} />
}

export function RedirectBoundary({ children }: { children?: ReactNode }) {
  return (
    <CatchBoundary pathname={usePathnameOrRoot()} fallback={redirectOrRethrow}>
      {children}
    </CatchBoundary>
  )
}

// --- global-error.tsx ------------------------------------------------------------------------

/** The last boundary: whatever no segment caught replaces the whole document. */
export function GlobalErrorBoundary({
  pathname,
  errorComponent: GlobalError,
  children,
}: {
  pathname: string
  errorComponent: ErrorComponent
  children?: ReactNode
}) {
  return (
    <CatchBoundary
      pathname={pathname}
      fallback={(error, clear) => {
        if (parseInterrupt(error)?.signal === 'redirect') return redirectOrRethrow(error, clear)
        if (isConnectionClosedError(error)) return <ConnectionClosedDocument />
        return <GlobalError error={error as Error} reset={() => window.location.reload()} />
      }}
    >
      {children}
    </CatchBoundary>
  )
}
