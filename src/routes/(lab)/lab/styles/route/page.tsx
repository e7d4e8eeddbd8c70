import type { Metadata } from '#framework'
import './route.css'

export const metadata: Metadata = { title: 'Route CSS' }

export default function RouteCssPage() {
  return <p className="lab-route-styled">Green, from this page's own stylesheet.</p>
}
