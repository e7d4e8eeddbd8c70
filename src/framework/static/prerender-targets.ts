// What `npm run build` prerenders (build/prerender.ts), route by route: a page route without
// params has one pathname; one with params has those its generateStaticParams() list, or is left
// to request time (`on-demand`); a route that says it is dynamic is not rendered at all.
import type { RouteTable } from '../routing/types.ts'
import type { RouteClassification } from './classification.ts'
import { listStaticParams, paramDirectories, pathnameOf } from './static-params.ts'

type LoadModule = (file: string) => Promise<Record<string, unknown>>

export type PrerenderTarget =
  | { route: string; kind: 'render'; withParams: boolean; pathnames: string[] }
  | { route: string; kind: 'dynamic' | 'on-demand'; reason: string }

export async function prerenderTargets(
  routes: RouteTable,
  load: LoadModule,
  classification: RouteClassification,
): Promise<PrerenderTarget[]> {
  const targets: PrerenderTarget[] = []
  for (const route of routes.routes) {
    if (route.type !== 'page') continue
    // A page in an `@slot` folder is rendered as part of its URL's page, never alone.
    if (route.chain.some((dir) => dir.type === 'slot')) continue
    const config = await classification.configOf(route, load)
    if (config.mode === 'force-dynamic') {
      const reason = config.revalidate === 0 ? 'revalidate = 0' : "dynamic = 'force-dynamic'"
      targets.push({ route: route.file, kind: 'dynamic', reason })
      continue
    }
    const withParams = paramDirectories(route).length > 0
    const sets = withParams ? await listStaticParams(route, load) : [{}]
    if (!sets) {
      targets.push({ route: route.file, kind: 'on-demand', reason: 'no generateStaticParams()' })
      continue
    }
    const pathnames = [...new Set(sets.map((params) => pathnameOf(route, params)))]
    targets.push({ route: route.file, kind: 'render', withParams, pathnames })
  }
  return targets
}
