import { RenderedAt } from '../../_rendered-at.tsx'

/** Rendered again on the first request once it is a second old (the build's render included). */
export const revalidate = 1

export default function EverySecondPage() {
  return (
    <>
      <title>Every second · Prerender lab</title>
      <h1>Rendered again every second</h1>
      <RenderedAt />
    </>
  )
}
