import { FailsEverywhere } from '../_browser-only.tsx'

/** A client component that fails on the server and in the browser: the global error screen. */
export default function FailsEverywherePage() {
  return (
    <>
      <title>Fails everywhere · Lab</title>
      <h1>A client component that always fails</h1>
      <FailsEverywhere />
    </>
  )
}
