/** The scoped lab's own 403 screen. */
export default function ScopedForbidden() {
  return (
    <>
      <title>403: The scoped lab is closed to you</title>
      <h1>The scoped lab is closed to you</h1>
      <p>This screen is src/routes/(lab)/lab/scoped/forbidden.tsx.</p>
    </>
  )
}
