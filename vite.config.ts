import { defineConfig } from 'vite'
import type { FrameworkBuildOptions } from './src/framework/config.ts'
import { framework } from './src/framework/vite-plugin.ts'

// The framework's options: docs/configuration.md lists every one with its default. The same
// app built for Cloudflare Workers (vite.workers.config.ts) takes them too.
export const appOptions: FrameworkBuildOptions = {
  // An href no route answers is a type error (docs/routing.md, "Typed routes").
  typedRoutes: true,
  serverFunctions: {
    // Pages served from the app's other hosts (app.notebook.example, www.notebook.example)
    // may post its server functions too. `*` stands for exactly one label.
    allowedOrigins: ['*.notebook.example'],
  },
}

export default defineConfig({
  plugins: [framework(appOptions)],
})
