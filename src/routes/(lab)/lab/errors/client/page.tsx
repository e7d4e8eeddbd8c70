import type { Metadata } from '#framework'
import { Breakable } from '../../_breakable.tsx'

export const metadata: Metadata = { title: 'Client error' }

export default function ClientErrorPage() {
  return (
    <>
      <h1>A client component that can fail</h1>
      <Breakable />
    </>
  )
}
