'use client'
import { useState } from 'react'

/** Client state in a slot: kept while client navigations leave the slot unmatched. */
export function SideCounter({ label }: { label: string }) {
  const [count, setCount] = useState(0)
  return (
    <p>
      {label}{' '}
      <button type="button" onClick={() => setCount((n) => n + 1)}>
        Side clicks: {count}
      </button>
    </p>
  )
}
