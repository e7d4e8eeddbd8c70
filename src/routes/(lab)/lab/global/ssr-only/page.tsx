import { connection, type Metadata } from '#framework'
import { BrowserOnly } from '../_browser-only.tsx'

export const metadata: Metadata = { title: 'Fails only during SSR' }

/**
 * A client component that cannot render on the server: the browser renders the page. It renders
 * per request (connection()): a page that fails while `npm run build` prerenders it fails the
 * build.
 */
export default async function SsrOnlyFailurePage() {
  await connection()
  return (
    <>
      <h1>A client component that needs window</h1>
      <BrowserOnly />
    </>
  )
}
