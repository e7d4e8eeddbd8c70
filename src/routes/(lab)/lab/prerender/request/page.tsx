import { headers } from '#framework'
import { RenderedAt } from '../_rendered-at.tsx'

/** Reads the request: the build finds it dynamic and leaves it to request time. */
export default async function RequestPage() {
  const agent = (await headers()).get('user-agent') ?? 'none'
  return (
    <>
      <title>Request · Prerender lab</title>
      <h1>Rendered per request</h1>
      <p data-testid="agent">{`Agent: ${agent.length > 0 ? 'known' : 'none'}`}</p>
      <RenderedAt />
    </>
  )
}
