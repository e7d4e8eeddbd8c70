import { randomUUID } from 'node:crypto'
import type { Metadata } from '#framework'
import { SlowInHtml } from './slow-in-html.tsx'

export const metadata: Metadata = { title: 'Slow HTML' }

/**
 * A static page whose HTML takes 500 ms to render (a client component waits during SSR), after
 * its payload is ready: a document request that gives up meanwhile must not leave broken HTML
 * for the next visitors. Any path under /lab/slow-html is such a page.
 */
export default function SlowHtmlPage() {
  const renderId = randomUUID()
  return (
    <>
      <h1>HTML rendered slowly</h1>
      <SlowInHtml renderId={renderId} />
    </>
  )
}
