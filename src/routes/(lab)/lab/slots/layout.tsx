import { Link } from '#framework/client'

/**
 * Parallel routes (docs/routing.md): `side` is the `@side` slot, matched against the URL on its
 * own. A client navigation it does not match keeps what it showed; a document load shows its
 * default.tsx. Its own loading.tsx, error.tsx and not-found.tsx wrap only the slot.
 */
export default function SlotsLayout({ children, side }: LayoutProps<'/lab/slots'>) {
  return (
    <>
      <nav aria-label="Slots lab">
        {(['', '/a', '/b', '/only', '/boom', '/missing', '/slow'] as const).map((path) => (
          <Link key={path} href={`/lab/slots${path}`}>
            {path || 'home'}{' '}
          </Link>
        ))}
      </nav>
      <section aria-label="Main">{children}</section>
      <aside aria-label="Side">{side}</aside>
    </>
  )
}
