// The app built as a Cloudflare Worker (docs/deploying.md, "Cloudflare Workers"): `npm run build:workers`
// writes dist-workers/, `npm run preview:workers` runs it in workerd locally, `npm run dev:workers`
// is its dev server. The framework's options are the app's own (vite.config.ts); wrangler.jsonc
// names the Worker and its bindings.
import { join } from 'node:path'
import { defineConfig } from 'vite'
import { framework } from './src/framework/vite-plugin.ts'
import { appOptions } from './vite.config.ts'

export default defineConfig({
  build: { outDir: 'dist-workers' },
  plugins: [
    framework({
      ...appOptions,
      target: 'cloudflare',
      // Local runs keep KV (the notebook's data, the data cache) under $DATA_DIR, as the Node
      // server keeps its files there; else in .wrangler/state.
      cloudflare: process.env.DATA_DIR
        ? { persistState: { path: join(process.env.DATA_DIR, 'workers-state') } }
        : {},
    }),
  ],
})
