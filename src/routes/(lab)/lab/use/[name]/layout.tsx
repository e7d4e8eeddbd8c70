import { use } from 'react'
import { notFound } from '#framework'

/** A synchronous layout that reads its params with use(); `gone` is not found from here. */
export default function UseLayout(props: LayoutProps<'/lab/use/[name]'>) {
  const { name } = use(props.params)
  if (name === 'gone') notFound()
  return (
    <section>
      <p data-testid="use-layout">{`Sync layout sees ${name}`}</p>
      {props.children}
    </section>
  )
}
