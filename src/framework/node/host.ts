// What Node gives the request pipeline beyond the Fetch standard (`#framework/host`;
// workers/host.ts on Cloudflare Workers).
import { fileURLToPath } from 'node:url'
import { PrerenderedPages } from '../static/prerendered.ts'

/**
 * Its process keeps running after a response, so after() callbacks need no `waitUntil`
 * (server/core-state.ts, CoreDependencies).
 */
export const waitUntil: ((promise: Promise<unknown>) => void) | undefined = undefined

/**
 * Where `npm run build` wrote its prerendered pages: dist/prerender, beside dist/rsc (this module
 * is built into dist/rsc/index.js). The dev server has none.
 */
export const BUILD_PRERENDER_DIR: string | undefined = import.meta.env.DEV
  ? undefined
  : fileURLToPath(new URL('../prerender/', import.meta.url))

/** The prerendered pages in `dir` (static/prerendered.ts), from the files `npm run build` wrote. */
export function readPrerenderedPages(
  dir: string | undefined,
  buildId: string,
): PrerenderedPages | undefined {
  return dir === undefined ? undefined : new PrerenderedPages(dir, buildId)
}
