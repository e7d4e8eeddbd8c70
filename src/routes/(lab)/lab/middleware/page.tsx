import type { Route } from '#framework'
import { Link } from '#framework/client'
import { ShownPath } from './_shown-path.tsx'

// Paths the middleware answers, redirects or rewrites: most are no route's, so they are not
// typed hrefs (docs/routing.md, "Typed routes").
const DEMOS: [href: string, what: string][] = [
  ['/lab/middleware/alias/one', 'A rewrite: the target page renders, the URL stays'],
  ['/lab/middleware/moved', 'A redirect by the middleware (307), followed by the router'],
  ['/note/5', 'An old share link: 308 to /notes/5'],
  [
    '/lab/middleware/headers',
    'Request headers the middleware set, read by headers(); its cookie, read by cookies()',
  ],
  ['/lab/middleware/answer', 'An answer of the middleware itself (JSON, 202)'],
  ['/lab/middleware/throw', 'A middleware that throws: 500 with a digest'],
  ['/lab/middleware/bad', 'A middleware that returns no Response: 500 naming src/middleware.ts'],
  ['/lab/members-only', 'Without a session cookie: sent to /sign-in (matcher `missing`)'],
]

/** What the app's src/middleware.ts does, one link per case (docs/routing.md "Middleware"). */
export default function MiddlewareLab() {
  return (
    <>
      <title>Middleware · Lab</title>
      <h1>Middleware lab</h1>
      <ShownPath />
      <ul>
        {DEMOS.map(([href, what]) => (
          <li key={href}>
            <Link href={href as Route} prefetch={false}>
              {href}
            </Link>
            : {what}
          </li>
        ))}
      </ul>
    </>
  )
}
