import { randomUUID } from 'node:crypto'
import type { Metadata } from '#framework'
import { listNotes } from '../../../../_data/notes.ts'

export const metadata: Metadata = { title: 'Static page' }

/** How long a page under /lab/static/slow/ takes to render: requests made together overlap. */
const SLOW_RENDER_MS = 500

/**
 * A static page (it reads nothing of the request) that says which render produced it: every
 * response shows the same render id until the notes change (a server function revalidates the
 * `notes` tag), and then one new render serves the requests that follow. Any path under
 * /lab/static is such a page, with its own renders; under /lab/static/slow/ they take 500 ms
 * and say in the server log when they start.
 */
export default async function StaticPage({ params }: PageProps<'/lab/static/[[...name]]'>) {
  const { name = [] } = await params
  if (name[0] === 'slow') {
    // In the server log: a test can disconnect once it knows the render is under way.
    console.log(`[lab] rendering /lab/static/${name.join('/')}`)
    await new Promise((resolve) => setTimeout(resolve, SLOW_RENDER_MS))
  }
  const notes = await listNotes()
  return (
    <>
      <h1>Rendered once, served from memory</h1>
      <p data-testid="page-name">{`Page: /${name.join('/')}`}</p>
      <p data-testid="note-count">{`${notes.length} notes`}</p>
      <p data-testid="render-id">{`Render ${randomUUID()}`}</p>
    </>
  )
}
