// After the three environments are built: the pages known at build time are rendered by the
// built server itself into dist/prerender (build/prerender.ts, docs/caching.md).
import { dirname, join, resolve } from 'node:path'
import type { Plugin } from 'vite'
import { prerender } from '../build/prerender.ts'

export function prerenderPages(routesDir: string): Plugin {
  return {
    name: 'framework:prerender',
    apply: 'build',
    buildApp: {
      order: 'post',
      async handler(builder) {
        const { root, logger } = builder.config
        const rscOutDir = resolve(root, builder.environments.rsc!.config.build.outDir)
        await prerender({
          rscOutDir,
          outDir: join(dirname(rscOutDir), 'prerender'),
          routesDir,
          log: (line) => logger.info(line),
        })
      },
    },
  }
}
