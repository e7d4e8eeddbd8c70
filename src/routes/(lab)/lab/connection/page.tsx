import { randomUUID } from 'node:crypto'
import type { Metadata } from '#framework'
import { connection } from '#framework'

export const metadata: Metadata = { title: 'connection()' }

/** Reads nothing of the request, but awaits connection(): rendered for every request. */
export default async function ConnectionPage() {
  await connection()
  return (
    <>
      <h1>Rendered at request time</h1>
      <p data-testid="render-id">{`Render ${randomUUID()}`}</p>
    </>
  )
}
