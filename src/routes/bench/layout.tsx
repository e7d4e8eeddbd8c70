import type { ReactNode } from 'react'
import type { Metadata } from '#framework'
import { Counter } from '../_components/counter.tsx'

const LINKS = [
  ['/bench/dynamic', 'Dynamic'],
  ['/bench/static', 'Static'],
  ['/', 'Home'],
  ['/notes', 'Notes'],
  ['/about', 'About'],
] as const

export const metadata: Metadata = { title: { absolute: 'Bench' } }

/** The bench pages' layout (bench/README.md): a server component with plain links and a client counter. */
export default function BenchLayout({ children }: { children: ReactNode }) {
  return (
    <section className="bench">
      <nav>
        {LINKS.map(([href, label]) => (
          <a key={href} href={href}>
            {label}
          </a>
        ))}
      </nav>
      <Counter />
      {children}
    </section>
  )
}
