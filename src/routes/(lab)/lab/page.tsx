import type { Metadata, Route } from '#framework'
import { DemoList } from './_demo-list.tsx'

export const metadata: Metadata = { title: 'Lab' }

const DEMOS: [href: Route, what: string][] = [
  ['/lab/interrupt/not-found', 'notFound() before the shell: 404 and the nearest not-found screen'],
  ['/lab/interrupt/not-found?late=1', 'notFound() after the shell: 200, noindex, then the screen'],
  ['/lab/interrupt/unauthorized', 'unauthorized(): 401'],
  ['/lab/interrupt/forbidden', 'forbidden(): 403'],
  ['/lab/interrupt/redirect', 'redirect() before the shell: 307'],
  [
    '/lab/interrupt/redirect?late=1',
    'redirect() after the shell: refresh meta, then a client navigation',
  ],
  ['/lab/interrupt/permanent-redirect', 'permanentRedirect(): 308'],
  [
    '/lab/signed-in',
    'permanentRedirect() to /sign-in after reading the session cookie: 308, private, no-store',
  ],
  ['/lab/interrupt/both', 'redirect() and notFound() in one render: the redirect wins'],
  ['/lab/interrupt/self', 'redirect() to the URL being rendered: an error, not a loop'],
  [
    '/lab/client-interrupt/not-found',
    'notFound() from #framework/client, thrown by a client component while it renders',
  ],
  ['/lab/errors/server', 'A server component error caught by error.tsx'],
  ['/lab/errors/client', 'A client component error caught by error.tsx'],
  ['/lab/global/client', 'A client error with no error.tsx: the global error screen'],
  ['/lab/global/server', 'A server error with no error.tsx: the global error screen, with digest'],
  [
    '/lab/global/ssr-only',
    'A client component that reads window: 500, and the browser renders the page',
  ],
  [
    '/lab/global/everywhere',
    'A client component that fails in SSR and in the browser: the client-side error screen',
  ],
  ['/lab/actions', 'Interrupts thrown by server functions'],
  ['/lab/actions/inline', 'An inline server function of a prerendered page'],
  ['/lab/metadata', 'The Metadata API: title, description, Open Graph, viewport and the rest'],
  ['/lab/inject', 'Hostile strings in server data, rendered and passed to the client'],
  ['/lab/never', 'A part that never finishes: disconnecting aborts its render'],
  ['/lab/links', 'Twenty links in view: the prefetch queue runs at most 5 at once'],
  ['/lab/static', 'A static page: rendered once, served from memory until its data changes'],
  ['/lab/scoped', 'Segment fallback screens, precedence, and links to interrupting pages'],
  [
    '/lab/ppr',
    'Partial prerendering: a static shell from memory, then the part that reads a cookie',
  ],
  ['/lab/ppr/broken', 'Partial prerendering: a hole that throws, its error.tsx inside the shell'],
  [
    '/lab/ppr/gate',
    'Partial prerendering: a hole that redirects or calls notFound() (the lab-gate cookie)',
  ],
  ['/lab/ppr/missing', 'Partial prerendering: notFound() outside the hole, a 404 and no shell'],
  ['/lab/ppr/outside', 'A cookie read outside every Suspense boundary: no shell, and why'],
  [
    '/lab/use-cache',
    'A "use cache" component with a client component inside, kept until its tag is revalidated',
  ],
  ['/lab/echo', 'Echoes the x-test-id request header: headers(), and cached() keyed by it'],
  ['/lab/use/ada?q=hi', 'A synchronous page and layout that call use() on params and promises'],
  ['/lab/use/ada/async?q=hi', 'An async page and layout, with a component that calls use()'],
  ['/lab/use/ada/streamed', 'A synchronous page that calls use() under loading.tsx'],
  ['/lab/styles', "Global CSS, a route's own CSS, CSS Modules of server and client components"],
]

/** Pages that show each framework behaviour on its own; the end-to-end tests drive them. */
export default function LabPage() {
  return (
    <>
      <h1>Framework lab</h1>
      <p>Each page below shows one behaviour of the framework in isolation.</p>
      <DemoList demos={DEMOS} />
    </>
  )
}
