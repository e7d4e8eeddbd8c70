import { defineConfig } from 'vite'
import { framework } from './src/framework/vite-plugin.ts'
import { appOptions } from './vite.config.ts'

export default defineConfig({
  build: { outDir: 'dist-workers' },
  plugins: [framework({ ...appOptions, target: 'cloudflare' })],
})
