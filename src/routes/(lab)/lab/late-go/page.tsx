import { Suspense } from 'react'
import { redirect } from '#framework'

async function Late() {
  await new Promise((r) => setTimeout(r, 300))
  redirect('/about')
}

export default function LateGoPage() {
  return (
    <>
      <h1>Late redirect</h1>
      <Suspense fallback={<p>Loading late part…</p>}>
        <Late />
      </Suspense>
    </>
  )
}
