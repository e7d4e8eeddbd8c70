import { connection } from '#framework'
import { BrowserOnly } from '../_browser-only.tsx'

/**
 * A client component that cannot render on the server: the browser renders the page. It renders
 * per request (connection()): a page that fails while `npm run build` prerenders it fails the
 * build.
 */
export default async function SsrOnlyFailurePage() {
  await connection()
  return (
    <>
      <title>Fails only during SSR · Lab</title>
      <h1>A client component that needs window</h1>
      <BrowserOnly />
    </>
  )
}
