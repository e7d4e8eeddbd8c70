import { randomUUID } from 'node:crypto'
import type { Metadata } from '#framework'
import { draftMode } from '#framework'
import { previewDrafts } from './actions.ts'

export const metadata: Metadata = { title: 'Draft mode' }

/**
 * A static page that shows whether draft mode is on: for everyone it is rendered once and served
 * from memory; with draft mode on (/lab/draft/mode?on=1) it is rendered for every request.
 */
export default async function DraftPage() {
  const { isEnabled } = await draftMode()
  return (
    <>
      <h1>Draft mode</h1>
      <p data-testid="draft-mode">{`Draft mode: ${isEnabled ? 'on' : 'off'}`}</p>
      <p data-testid="render-id">{`Render ${randomUUID()}`}</p>
      <form action={previewDrafts}>
        <button type="submit">Preview drafts</button>
      </form>
    </>
  )
}
