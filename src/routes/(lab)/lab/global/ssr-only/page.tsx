import type { Metadata } from '#framework'
import { BrowserOnly } from '../_browser-only.tsx'

export const metadata: Metadata = { title: 'Fails only during SSR' }

/** A client component that cannot render on the server: the browser renders the page. */
export default function SsrOnlyFailurePage() {
  return (
    <>
      <h1>A client component that needs window</h1>
      <BrowserOnly />
    </>
  )
}
