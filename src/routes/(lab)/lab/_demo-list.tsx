import type { Route } from '#framework'
import { Link } from '#framework/client'

/** A list of the lab's pages: each link, and what its page shows. */
export function DemoList({ demos }: { demos: [href: Route, what: string][] }) {
  return (
    <ul>
      {demos.map(([href, what]) => (
        <li key={href}>
          <Link href={href}>{href}</Link>: {what}
        </li>
      ))}
    </ul>
  )
}
