import { defineConfig } from 'vite'
import { framework } from './src/framework/vite-plugin.ts'

// The framework's options: docs/configuration.md lists every one with its default.
export default defineConfig({
  plugins: [
    framework({
      serverFunctions: {
        // Pages served from the app's other hosts (app.notebook.example, www.notebook.example)
        // may post its server functions too. `*` stands for exactly one label.
        allowedOrigins: ['*.notebook.example'],
      },
    }),
  ],
})
