// On the `cloudflare` target: Workers static assets read `_headers` from the assets folder (and
// do not serve it). Vite content-hashes everything under /assets/, so browsers may keep it for a
// year, as `npm start` lets them (node/server.ts).
import type { Plugin } from 'vite'

export function workersAssetHeaders(): Plugin {
  return {
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
  }
}
