// What Cloudflare Workers gives the request pipeline beyond the Fetch standard
// (`#framework/host` under the `workerd` condition; node/host.ts on Node): `waitUntil`, without
// which the Worker may stop once its response is sent, before after() callbacks have run.
// cloudflare:workers' `waitUntil` applies to the request being handled, like ctx.waitUntil.
import type { PrerenderedPages } from '../static/prerendered.ts'

export { waitUntil } from 'cloudflare:workers'

/** A Worker has no files of its own to read: its pages are rendered on their first request. */
export const BUILD_PRERENDER_DIR: string | undefined = undefined

export function readPrerenderedPages(
  _dir: string | undefined,
  _buildId: string,
): PrerenderedPages | undefined {
  return undefined
}
