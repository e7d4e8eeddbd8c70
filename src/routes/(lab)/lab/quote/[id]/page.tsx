import type { Metadata } from '#framework'
import { notFound } from '#framework'
import { getNote } from '../../../../_data/notes.ts'

export const metadata: Metadata = { title: 'Quote' }

/** A part of the page that is missing. */
function Missing(): never {
  notFound()
}

/**
 * Quotes a note's body, then meets notFound(): user data and an interrupt in one render. The
 * router acts on the interrupt the server threw, never on text that looks like one.
 */
export default async function QuotePage({ params }: PageProps<'/lab/quote/[id]'>) {
  const { id } = await params
  const note = await getNote(id)
  return (
    <>
      <h1>Quote</h1>
      <blockquote data-testid="quote">{note?.body}</blockquote>
      <Missing />
    </>
  )
}
