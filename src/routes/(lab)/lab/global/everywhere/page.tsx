import { connection } from '#framework'
import { FailsEverywhere } from '../_browser-only.tsx'

/**
 * A client component that fails on the server and in the browser: the global error screen. It
 * renders per request (connection()): a page that fails while `npm run build` prerenders it
 * fails the build.
 */
export default async function FailsEverywherePage() {
  await connection()
  return (
    <>
      <title>Fails everywhere · Lab</title>
      <h1>A client component that always fails</h1>
      <FailsEverywhere />
    </>
  )
}
