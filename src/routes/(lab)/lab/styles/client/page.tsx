import type { Metadata } from '#framework'
import { Link } from '#framework/client'
import { ClientBox } from './client-box.tsx'

export const metadata: Metadata = { title: 'Client CSS' }

export default function ClientCssPage() {
  return (
    <>
      <ClientBox />
      <p>
        <Link href="/lab/styles">Back to the styles lab</Link>
      </p>
    </>
  )
}
