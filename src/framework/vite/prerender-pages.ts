// After the three environments are built: the pages known at build time are rendered by the
// built server itself into dist/prerender (build/prerender.ts, docs/caching.md), and each route's
// first-load JS is read from what plugin-rsc knows of the builds (build/first-load-js.ts).
import { dirname, join, resolve } from 'node:path'
import { getPluginApi } from '@vitejs/plugin-rsc'
import type { Plugin, ResolvedConfig, Rollup } from 'vite'
import { type ClientGraph, clientFileSizes, firstLoadJs } from '../build/first-load-js.ts'
import { prerender } from '../build/prerender.ts'
import { listRouteFiles } from './route-files.ts'

/** The client graph of the finished build, from plugin-rsc's bundles and assets manifest. */
function clientGraphOf(
  config: ResolvedConfig,
  routesDir: string,
  clientOutDir: string,
): ClientGraph | undefined {
  const manager = getPluginApi(config)?.manager
  const rscBundle: Rollup.OutputBundle | undefined = manager?.bundles.rsc
  const assets = manager?.buildAssetsManifest
  if (!manager || !rscBundle || !assets) return undefined
  // The manifest's URLs are under the base (`/assets/x.js`); the files, under the client's outDir.
  const files = (deps: { js: readonly unknown[] } | undefined) =>
    (deps?.js ?? []).flatMap((url) =>
      typeof url === 'string' && url.startsWith(config.base) ? [url.slice(config.base.length)] : [],
    )
  const serverChunks = new Map(
    Object.values(rscBundle).flatMap((chunk) =>
      chunk.type === 'chunk' ? [[chunk.fileName, chunk] as const] : [],
    ),
  )
  const clientReferenceJs = new Map(
    Object.entries(manager.clientReferenceMetaMap).map(([id, meta]) => [
      id,
      files(assets.clientReferenceDeps[meta.referenceKey]),
    ]),
  )
  return {
    serverChunks,
    clientReferenceJs,
    entryJs: files(assets.clientEntryDeps),
    moduleIdOf: (file) => join(routesDir, file),
    gzipBytesOf: clientFileSizes(clientOutDir),
  }
}

export function prerenderPages(routesDir: string): Plugin {
  return {
    name: 'framework:prerender',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const { root, logger } = builder.config
        const outDirOf = (name: string) =>
          resolve(root, builder.environments[name]!.config.build.outDir)
        const rscOutDir = outDirOf('rsc')
        const routesPath = resolve(root, routesDir)
        const graph = clientGraphOf(builder.config, routesPath, outDirOf('client'))
        await prerender({
          rscOutDir,
          outDir: join(dirname(rscOutDir), 'prerender'),
          routesDir,
          firstLoadJs: graph ? firstLoadJs(listRouteFiles(routesPath), graph) : new Map(),
          log: (line) => logger.info(line),
        })
      },
    },
  }
}
