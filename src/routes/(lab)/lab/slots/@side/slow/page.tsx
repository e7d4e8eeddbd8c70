// Rendered per request, so the document streams: the slot's loading screen comes first.
export const dynamic = 'force-dynamic'

export default async function SideSlow() {
  await new Promise((resolve) => setTimeout(resolve, 800))
  return <p>Side: slow</p>
}
