'use client'
import { useState } from 'react'
import styles from './client-box.module.css'

export function ClientBox() {
  const [clicks, setClicks] = useState(0)
  return (
    <button
      type="button"
      className={styles.box}
      data-testid="client-box"
      onClick={() => setClicks(clicks + 1)}
    >
      Outlined in red by a client component's CSS Module: {clicks}
    </button>
  )
}
