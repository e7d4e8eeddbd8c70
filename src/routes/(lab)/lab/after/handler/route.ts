import { after } from '#framework'
import { labAfterTask } from '../_ran.ts'

/** GET /lab/after/handler?id=…&kind=ok|fail|slow: a route handler that registers a callback. */
export function GET(request: Request): Response {
  const query = new URL(request.url).searchParams
  const id = query.get('id') ?? 'none'
  after(() => labAfterTask(id, 'handler', query.get('kind')))
  return new Response(`Handled ${id}\n`)
}
