import { afterRan } from '../_ran.ts'

/** GET /lab/after/status?id=…: where the callback with that id ran, or null. */
export function GET(request: Request): Response {
  const id = new URL(request.url).searchParams.get('id') ?? ''
  return Response.json({ ran: afterRan.get(id) ?? null })
}
