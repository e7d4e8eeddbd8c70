import type { Metadata } from '#framework'

export const metadata: Metadata = { title: 'Layout CSS' }

export default function NestedPage() {
  return <p>Indented by the layout's own stylesheet.</p>
}
