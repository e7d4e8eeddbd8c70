// `revalidate = 1`: produced once, then again on the first request after a second.
export const revalidate = 1

export function GET() {
  return Response.json({ renderId: crypto.randomUUID() })
}
