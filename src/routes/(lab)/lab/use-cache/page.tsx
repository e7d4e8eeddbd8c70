import type { Metadata } from '#framework'
import { revalidateStamp } from './actions.ts'
import { Stamped } from './stamped.tsx'

export const metadata: Metadata = { title: '"use cache"' }

/** Rendered for every request: only the "use cache" component inside is kept. */
export const dynamic = 'force-dynamic'

export default function UseCachePage() {
  return (
    <>
      <h1>"use cache"</h1>
      <Stamped label="Stamp">
        <p data-testid="page-time">{`Page rendered at ${new Date().toISOString()}`}</p>
      </Stamped>
      <form action={revalidateStamp}>
        <button type="submit">Revalidate the stamp</button>
      </form>
    </>
  )
}
