'use client'
import { useState } from 'react'

/** Client state in the root layout: it survives client navigations between pages. */
export function Counter() {
  const [count, setCount] = useState(0)
  return (
    <button type="button" className="counter" onClick={() => setCount((c) => c + 1)}>
      Clicked {count} {count === 1 ? 'time' : 'times'}
    </button>
  )
}
