// On the `cloudflare` target: every environment's output goes inside the Worker's own folder
// (the build's outDir), so that its output deploys on its own.
import type { Plugin } from 'vite'

export function workersOutput(): Plugin {
  return {
    name: 'framework:workers-output',
    config(config) {
      const outDir = config.build?.outDir ?? 'dist'
      return {
        environments: {
          client: { build: { outDir: `${outDir}/client` } },
          rsc: { build: { outDir: `${outDir}/rsc` } },
          ssr: { build: { outDir: `${outDir}/rsc/ssr` } },
        },
      }
    },
  }
}
