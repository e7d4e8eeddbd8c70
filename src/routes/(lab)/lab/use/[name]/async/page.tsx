import { use } from 'react'
import type { Metadata } from '#framework'
import { greetingFor } from '../../_data.ts'

export const metadata: Metadata = { title: 'use() under an async page' }

/** A synchronous server component inside the async page: it reads a promise with use(). */
function Greeting({ greeting }: { greeting: Promise<string> }) {
  return <p data-testid="use-data">{use(greeting)}</p>
}

/** An async page: it awaits params and search params, and hands a promise to a component. */
export default async function AsyncUsePage(props: PageProps<'/lab/use/[name]/async'>) {
  const [{ name }, { q }] = await Promise.all([props.params, props.searchParams])
  return (
    <>
      <h1>{`An async page: ${name}`}</h1>
      <p data-testid="use-search">{`Search q=${q ?? ''}`}</p>
      <Greeting greeting={greetingFor(name)} />
    </>
  )
}
