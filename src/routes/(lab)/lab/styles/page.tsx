import type { Metadata, Route } from '#framework'
import { DemoList } from '../_demo-list.tsx'

export const metadata: Metadata = { title: 'Styles' }

const DEMOS: [href: Route, what: string][] = [
  ['/lab/styles/route', 'A page that imports its own .css file'],
  ['/lab/styles/module', 'A server component styled by a CSS Module'],
  ['/lab/styles/client', 'A client component styled by a CSS Module'],
  ['/lab/styles/nested', 'A layout that imports its own .css file'],
]

/** Links to pages with their own CSS, which this page does not load: client navigations bring it. */
export default function StylesPage() {
  return (
    <>
      <h1>Styles</h1>
      <DemoList demos={DEMOS} />
    </>
  )
}
