import { connection, type Metadata } from '#framework'
import { FailsEverywhere } from '../_browser-only.tsx'

export const metadata: Metadata = { title: 'Fails everywhere' }

/**
 * A client component that fails on the server and in the browser: the global error screen. It
 * renders per request (connection()): a page that fails while `npm run build` prerenders it
 * fails the build.
 */
export default async function FailsEverywherePage() {
  await connection()
  return (
    <>
      <h1>A client component that always fails</h1>
      <FailsEverywhere />
    </>
  )
}
