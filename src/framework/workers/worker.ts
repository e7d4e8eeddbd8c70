// The Worker's entry on Cloudflare Workers (the `cloudflare` target, docs/deploying.md#cloudflare-workers):
// the same request handler as `npm start` (entry.rsc.tsx), behind the module Worker interface.
import { edgeOptionsFromEnv } from '../config.ts'
import { createRequestHandler, type RequestHandler } from '../entry.rsc.tsx'

let handler: RequestHandler | undefined

export default {
  /** `env` holds the Worker's bindings, and its vars: `ORIGIN`, `ALLOWED_HOSTS` (config.ts). */
  fetch(request: Request, env: Record<string, unknown> = {}): Promise<Response> {
    // Made on the first request, as the Node server's default handler is.
    handler ??= createRequestHandler(edgeOptionsFromEnv(env))
    return handler(request)
  },
}
