import { randomUUID } from 'node:crypto'
import { connection } from '#framework'

/** Reads nothing of the request, but awaits connection(): rendered for every request. */
export default async function ConnectionPage() {
  await connection()
  return (
    <>
      <title>connection() · Lab</title>
      <h1>Rendered at request time</h1>
      <p data-testid="render-id">{`Render ${randomUUID()}`}</p>
    </>
  )
}
