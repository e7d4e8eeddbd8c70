// A route handler that reads its whole request body: POST answers the body's size in bytes.
// routeHandlers.bodySizeLimit bounds what it may read (docs/security.md, "What holds at the edge").
export async function POST(request: Request) {
  const body = await request.arrayBuffer()
  return Response.json({ bytes: body.byteLength })
}
