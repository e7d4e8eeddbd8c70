'use client'
import { useState } from 'react'

/** Throws while rendering once its button is pressed: an error in a client component. */
export function Breakable() {
  const [broken, setBroken] = useState(false)
  if (broken) throw new Error('The lab client component failed.')
  return (
    <button type="button" onClick={() => setBroken(true)}>
      Break it
    </button>
  )
}
