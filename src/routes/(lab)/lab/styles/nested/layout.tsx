import type { ReactNode } from 'react'
import './nested.css'

export default function NestedLayout({ children }: { children: ReactNode }) {
  return <section className="lab-nested-layout">{children}</section>
}
