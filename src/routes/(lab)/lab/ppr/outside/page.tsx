import type { Metadata } from '#framework'
import { cookies } from '#framework'

export const metadata: Metadata = { title: 'A read outside Suspense' }

export const experimental_ppr = true

/** Reads the request outside any <Suspense>: the route has no shell, and the server says why. */
async function Greeting() {
  const signedIn = (await cookies()).has('session')
  return <p data-testid="greeting">{signedIn ? 'Welcome back.' : 'Welcome.'}</p>
}

export default function OutsidePage() {
  return (
    <>
      <h1>A read outside Suspense</h1>
      <Greeting />
    </>
  )
}
