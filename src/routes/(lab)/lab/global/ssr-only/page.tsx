import { BrowserOnly } from '../_browser-only.tsx'

/** A client component that cannot render on the server: the browser renders the page. */
export default function SsrOnlyFailurePage() {
  return (
    <>
      <title>Fails only during SSR · Lab</title>
      <h1>A client component that needs window</h1>
      <BrowserOnly />
    </>
  )
}
