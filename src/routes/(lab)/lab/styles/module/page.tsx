import type { Metadata } from '#framework'
import styles from './box.module.css'

export const metadata: Metadata = { title: 'CSS Module' }

export default function ModulePage() {
  return (
    <p className={styles.box} data-testid="module-box">
      Boxed in blue by a CSS Module of a server component.
    </p>
  )
}
