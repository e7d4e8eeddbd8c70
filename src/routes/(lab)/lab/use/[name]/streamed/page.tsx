import { use } from 'react'
import { greetingFor } from '../../_data.ts'

/** How long the promise this page reads takes: loading.tsx shows meanwhile. */
const DELAY_MS = 300

/** A synchronous page under loading.tsx; it reads no search params, so it is static. */
export default function StreamedUsePage(props: { params: Promise<{ name: string }> }) {
  const { name } = use(props.params)
  const greeting = use(greetingFor(name, DELAY_MS))
  return (
    <>
      <title>{`use() under loading.tsx · Lab`}</title>
      <h1>{`use() in a streamed page: ${name}`}</h1>
      <p data-testid="use-data">{greeting}</p>
    </>
  )
}
