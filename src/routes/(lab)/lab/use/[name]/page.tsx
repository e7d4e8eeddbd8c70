import { use } from 'react'
import type { Metadata } from '#framework'
import { notFound } from '#framework'
import { greetingFor } from '../_data.ts'

export const metadata: Metadata = { title: 'use() in a sync page' }

/** A synchronous page that reads params, search params and a promise with use(). */
export default function SyncUsePage(props: PageProps<'/lab/use/[name]'>) {
  const { name } = use(props.params)
  const { q } = use(props.searchParams)
  if (name === 'missing') notFound()
  const greeting = use(greetingFor(name))
  return (
    <>
      <h1>{`use() in a sync page: ${name}`}</h1>
      <p data-testid="use-search">{`Search q=${q ?? ''}`}</p>
      <p data-testid="use-data">{greeting}</p>
    </>
  )
}
