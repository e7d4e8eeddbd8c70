import type { Metadata } from '#framework'

export const metadata: Metadata = { title: 'About' }
export default function AboutPage() {
  return (
    <>
      <h1>About</h1>
      <p>This page lives in a route group: src/routes/(site)/about/page.tsx answers /about.</p>
    </>
  )
}
