import { Breakable } from '../../_breakable.tsx'

/** No error.tsx above this page: a failure here reaches the global error screen. */
export default function GlobalClientErrorPage() {
  return (
    <>
      <title>Global client error · Lab</title>
      <h1>A client failure nothing catches</h1>
      <Breakable />
    </>
  )
}
