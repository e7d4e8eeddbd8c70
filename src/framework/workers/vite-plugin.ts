// The `cloudflare` build target (framework({ target: 'cloudflare' }), docs/deploying.md#cloudflare-workers):
// the rsc environment becomes a Worker run by workerd, with the ssr environment inside it, and
// the client build served as the Worker's static assets.
import { fileURLToPath } from 'node:url'
import { cloudflare } from '@cloudflare/vite-plugin'
import type { PluginOption } from 'vite'
import type { FrameworkBuildOptions } from '../config.ts'

const own = (file: string) => fileURLToPath(new URL(file, import.meta.url))

export function workersTarget(
  options: NonNullable<FrameworkBuildOptions['cloudflare']>,
): PluginOption[] {
  return [
    cloudflare({
      ...options,
      // One Worker: the ssr environment runs in the rsc one's isolate, as on Node.
      viteEnvironment: { name: 'rsc', childEnvironments: ['ssr'] },
      // The app's wrangler.jsonc names the Worker and its bindings; the framework gives the entry.
      config: { main: own('./worker.ts') },
    }),
    {
      // Workers static assets read `_headers` from the assets folder (and do not serve it):
      // Vite content-hashes everything under /assets/, so browsers may keep it for a year, as
      // `npm start` lets them (node/server.ts).
      name: 'framework:workers-asset-headers',
      apply: 'build',
      applyToEnvironment: (environment) => environment.name === 'client',
      generateBundle() {
        this.emitFile({
          type: 'asset',
          fileName: '_headers',
          source: '/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n',
        })
      },
    },
    {
      name: 'framework:workers-output',
      config(config) {
        // Inside the Worker's own folder, so that its output deploys on its own.
        const outDir = config.build?.outDir ?? 'dist'
        return {
          environments: {
            client: { build: { outDir: `${outDir}/client` } },
            rsc: { build: { outDir: `${outDir}/rsc` } },
            ssr: { build: { outDir: `${outDir}/rsc/ssr` } },
          },
        }
      },
    },
  ]
}
