import type { Metadata, Route } from '#framework'
import { Link } from '#framework/client'

export const metadata: Metadata = { title: { absolute: 'Scoped lab · Notebook' } }

const LINKS: [href: Route, what: string][] = [
  ['/lab/scoped/not-found', 'notFound() below a folder with its own not-found.tsx'],
  ['/lab/scoped/unauthorized', 'unauthorized() below its own unauthorized.tsx'],
  ['/lab/scoped/forbidden', 'forbidden() below its own forbidden.tsx'],
  ['/lab/scoped/not-found,redirect', 'notFound() then redirect(): the redirect wins'],
  ['/lab/scoped/forbidden,not-found', 'forbidden() then notFound(): the first thrown wins'],
  ['/lab/scoped/not-found,forbidden', 'notFound() then forbidden(): the first thrown wins'],
  ['/lab/scoped/redirect-notes,redirect', 'two redirects: the first thrown wins'],
  ['/lab/scoped/actions', 'server functions below the scoped screens'],
  ['/lab/interrupt/external', 'redirect() to another origin'],
  ['/notes/999', 'a missing note: the notes section’s own not-found screen'],
  ['/n/5', 'an old note URL: permanentRedirect() to /notes/5'],
  ['/admin', 'the admin page: 401 signed out, 403 for members'],
]

/** Client navigations to pages that interrupt their render, for the end-to-end tests. */
export default function ScopedLabPage() {
  return (
    <>
      <h1>Scoped lab</h1>
      <p>Links to pages that call notFound(), unauthorized(), forbidden() or redirect().</p>
      <ul>
        {LINKS.map(([href, what]) => (
          <li key={href}>
            <Link href={href}>{href}</Link>: {what}
          </li>
        ))}
      </ul>
    </>
  )
}
