// generateStaticParams() makes GET static; with dynamicParams = false only the listed ids exist.
export const dynamicParams = false

export function generateStaticParams() {
  return [{ id: 'one' }, { id: 'two' }]
}

export async function GET(
  _request: Request,
  { params }: RouteContext<'/lab/static-route/listed/[id]'>,
) {
  return Response.json({ id: (await params).id, renderId: crypto.randomUUID() })
}
