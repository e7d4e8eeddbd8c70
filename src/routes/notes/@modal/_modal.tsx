'use client'
import type { ReactNode } from 'react'
import { usePathname, useRouter } from '#framework/client'
import styles from './_modal.module.css'

/**
 * The dialog an intercepted note shows in. A slot keeps what it showed on client navigations it
 * does not match (docs/routing.md), so the dialog shows only while the URL is its note's; Close
 * goes Back, to the list it was opened from.
 */
export function Modal({
  href,
  title,
  children,
}: {
  href: string
  title: string
  children: ReactNode
}) {
  const pathname = usePathname()
  const router = useRouter()
  if (pathname !== href) return null
  return (
    <div className={styles.backdrop}>
      <dialog open aria-label={title} className={styles.dialog}>
        {children}
        <button type="button" onClick={() => router.back()}>
          Close
        </button>
      </dialog>
    </div>
  )
}
