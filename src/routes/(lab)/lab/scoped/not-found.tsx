/** The scoped lab's own 404 screen: it overrides the default one for the pages below it. */
export default function ScopedNotFound() {
  return (
    <>
      <title>404: Nothing by that name in the scoped lab</title>
      <h1>Nothing by that name in the scoped lab</h1>
      <p>This screen is src/routes/(lab)/lab/scoped/not-found.tsx.</p>
    </>
  )
}
