'use client'
import { type ReactNode, useState } from 'react'

/**
 * A template (docs/routing.md, "Templates"): unlike the layout around it, a new instance for
 * every URL below /notes, so its count starts again at each visit of another page.
 */
export default function NotesTemplate({ children }: { children: ReactNode }) {
  const [clicks, setClicks] = useState(0)
  return (
    <div className="notes-template">
      <button type="button" onClick={() => setClicks((n) => n + 1)}>
        This visit: {clicks} {clicks === 1 ? 'click' : 'clicks'}
      </button>
      {children}
    </div>
  )
}
