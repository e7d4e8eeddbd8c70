// The Worker's entry on Cloudflare Workers (the `cloudflare` target, docs/deploying.md#cloudflare-workers):
// the same request handler as `npm start` (entry.rsc.tsx), behind the module Worker interface.
import { edgeOptionsFromEnv } from '../config.ts'
import { createRequestHandler, type RequestHandler } from '../entry.rsc.tsx'
import { handleFromRequestRoot } from '../request/outside-requests.ts'

let handler: RequestHandler | undefined

export default {
  /** `env` holds the Worker's bindings, and its vars: `ORIGIN`, `ALLOWED_HOSTS` (config.ts). */
  fetch(request: Request, env: Record<string, unknown> = {}): Promise<Response> {
    // Made on the first request, as the Node server's default handler is.
    handler ??= createRequestHandler(edgeOptionsFromEnv(env))
    const handle = handler
    // The built Worker loads its modules at startup, outside any request; the dev server's module
    // runner loads them inside its Durable Object, whose context no request may enter
    // (request/outside-requests.ts).
    if (import.meta.env.DEV) return handleFromRequestRoot(() => handle(request))
    return handle(request)
  },
}
