import { RenderedAt } from '../_rendered-at.tsx'

/** Prerendered, and rendered again on the first request once it is an hour old. */
export const revalidate = 3600

export default function TimedPage() {
  return (
    <>
      <title>Timed · Prerender lab</title>
      <h1>Rendered again every hour</h1>
      <RenderedAt />
    </>
  )
}
