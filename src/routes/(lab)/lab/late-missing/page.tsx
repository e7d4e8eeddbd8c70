import { Suspense } from 'react'
import { notFound } from '#framework'

async function Late() {
  await new Promise((r) => setTimeout(r, 300))
  notFound()
}

export default function LateMissingPage() {
  return (
    <>
      <h1>Late not found</h1>
      <Suspense fallback={<p>Loading late part…</p>}>
        <Late />
      </Suspense>
    </>
  )
}
