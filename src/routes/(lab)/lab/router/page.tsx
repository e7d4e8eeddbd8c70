import type { Metadata } from '#framework'
import { Link } from '#framework/client'
import { RouterCalls } from './router-calls.tsx'

export const metadata: Metadata = { title: 'Router calls' }

/** Router calls made together in one tick, and links whose hash is not valid percent-encoding. */
export default function RouterLabPage() {
  return (
    <>
      <h1>Router calls</h1>
      <RouterCalls />
      <ul>
        <li>
          <Link href="/about#%">About, with the hash #%</Link>
        </li>
        <li>
          <Link href="/about#%E0%A4%A">About, with the hash #%E0%A4%A</Link>
        </li>
      </ul>
    </>
  )
}
