import type { ReactNode } from 'react'
import type { Metadata } from '#framework'
import './app.css'
import { Counter } from './_components/counter.tsx'
import { NavLink } from './_components/nav-link.tsx'

// The framework writes <meta charset> and the viewport tag itself (docs/metadata.md).
export const metadata: Metadata = {
  title: { template: '%s · Notebook', default: 'Notebook' },
}

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
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
