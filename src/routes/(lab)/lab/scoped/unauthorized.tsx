/** The scoped lab's own 401 screen. */
export default function ScopedUnauthorized() {
  return (
    <>
      <title>401: Sign in to use the scoped lab</title>
      <h1>Sign in to use the scoped lab</h1>
      <p>This screen is src/routes/(lab)/lab/scoped/unauthorized.tsx.</p>
    </>
  )
}
