import type { ReactNode } from 'react'

export default function NotesLayout({ children }: { children: ReactNode }) {
  return (
    <section aria-label="Notes section">
      <p className="section-label">Notes section</p>
      {children}
    </section>
  )
}
