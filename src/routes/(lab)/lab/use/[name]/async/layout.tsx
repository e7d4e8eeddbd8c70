/** An async layout: it awaits its params. */
export default async function AsyncUseLayout(props: LayoutProps<'/lab/use/[name]/async'>) {
  const { name } = await props.params
  return (
    <div>
      <p data-testid="use-async-layout">{`Async layout sees ${name}`}</p>
      {props.children}
    </div>
  )
}
