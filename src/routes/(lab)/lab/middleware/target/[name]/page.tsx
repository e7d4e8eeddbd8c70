import { ShownPath } from '../../_shown-path.tsx'

/**
 * A static page (it reads nothing of the request) that /lab/middleware/alias/<name> rewrites
 * to: the rewritten page renders with the rewrite's params, the browser keeps its URL.
 */
export default async function MiddlewareTarget({
  params,
}: PageProps<'/lab/middleware/target/[name]'>) {
  const { name } = await params
  return (
    <>
      <title>Middleware target · Lab</title>
      <h1>Middleware target</h1>
      <p data-testid="target-name">Target: {name}</p>
      <ShownPath />
    </>
  )
}
