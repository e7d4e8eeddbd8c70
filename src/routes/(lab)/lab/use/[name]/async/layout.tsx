import type { ReactNode } from 'react'

/** An async layout: it awaits its params. */
export default async function AsyncUseLayout(props: {
  params: Promise<{ name: string }>
  children: ReactNode
}) {
  const { name } = await props.params
  return (
    <div>
      <p data-testid="use-async-layout">{`Async layout sees ${name}`}</p>
      {props.children}
    </div>
  )
}
