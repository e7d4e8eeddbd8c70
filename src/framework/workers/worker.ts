// The Worker's entry on Cloudflare Workers (the `cloudflare` target, docs/deploying.md#cloudflare-workers):
// the same request handler as `npm start` (entry.rsc.tsx), behind the module Worker interface.
import { createRequestHandler, type RequestHandler } from '../entry.rsc.tsx'

let handler: RequestHandler | undefined

export default {
  fetch(request: Request): Promise<Response> {
    // Made on the first request, as the Node server's default handler is.
    handler ??= createRequestHandler()
    return handler(request)
  },
}
