import { use } from 'react'
import type { Metadata } from '#framework'
import { greetingFor } from '../../_data.ts'

export const metadata: Metadata = { title: 'use() under loading.tsx' }

/** How long the promise this page reads takes: loading.tsx shows meanwhile. */
const DELAY_MS = 300

/** A synchronous page under loading.tsx; it reads no search params, so it is static. */
export default function StreamedUsePage(props: PageProps<'/lab/use/[name]/streamed'>) {
  const { name } = use(props.params)
  const greeting = use(greetingFor(name, DELAY_MS))
  return (
    <>
      <h1>{`use() in a streamed page: ${name}`}</h1>
      <p data-testid="use-data">{greeting}</p>
    </>
  )
}
