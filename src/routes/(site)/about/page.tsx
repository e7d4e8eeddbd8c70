export default function AboutPage() {
  return (
    <>
      <title>About · Notebook</title>
      <h1>About</h1>
      <p>This page lives in a route group: src/routes/(site)/about/page.tsx answers /about.</p>
    </>
  )
}
