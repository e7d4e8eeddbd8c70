import type { ReactNode } from 'react'
import './app.css'
import { Counter } from './_components/counter.tsx'
import { NavLink } from './_components/nav-link.tsx'

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="data:," />
      </head>
      <body>
        <header>
          <nav>
            <NavLink href="/">Home</NavLink>
            <NavLink href="/notes">Notes</NavLink>
            <NavLink href="/tags">Tags</NavLink>
            <NavLink href="/docs/getting-started">Docs</NavLink>
            <NavLink href="/stats">Stats</NavLink>
            <NavLink href="/about">About</NavLink>
            <NavLink href="/account">Account</NavLink>
            <NavLink href="/lab">Lab</NavLink>
          </nav>
          <Counter />
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}
